import { SPECIALIST } from './specialists';

/**
 * What patients ask after reading an out-of-range result — what to eat, how to move, when to test
 * again, which doctor to see — as general, well-established advice per condition, in English and
 * Hindi (decision 133). No medicines, supplements' doses or treatment: the chat declines those.
 * Each line is advice a doctor would give any patient; every answer ends with "ask your doctor".
 *
 * A guide applies to the analytes listed with the direction that is out of range ('low' for
 * haemoglobin, 'high' for sugar); several analytes of one condition (fasting sugar, HbA1c) share
 * one guide, so the answer gives it once.
 */
export type GuidanceAspect = 'food' | 'exercise' | 'retest' | 'doctor';

type Text = { en: string; hi: string };

export interface Guide {
  id: string;
  /** The condition in words: 'low haemoglobin (anaemia)'. */
  label: Text;
  /** The analytes it applies to and the direction that is out of range. */
  applies: Array<[analyte: string, direction: 'high' | 'low']>;
  food: Text;
  exercise: Text;
  retest: Text;
  doctor: { who: Text; why: Text };
}

export const GUIDES: Guide[] = [
  {
    id: 'low_hemoglobin',
    label: { en: 'low haemoglobin or iron', hi: 'कम हीमोग्लोबिन या आयरन' },
    applies: [
      ['hemoglobin', 'low'],
      ['rbc_count', 'low'],
      ['hematocrit', 'low'],
      ['mcv', 'low'],
      ['ferritin', 'low'],
      ['serum_iron', 'low'],
      ['transferrin_saturation', 'low'],
    ],
    food: {
      en: 'Eat iron-rich foods every day: green leafy vegetables (palak, methi, bathua), dals, rajma, chana, jaggery, dates, and eggs, fish or meat if you eat them. Have them with vitamin C foods (lemon, amla, guava, oranges) and keep tea and coffee an hour away from meals, as they reduce iron absorption.',
      hi: 'रोज़ आयरन वाली चीज़ें खाएँ: हरी पत्तेदार सब्ज़ियाँ (पालक, मेथी, बथुआ), दालें, राजमा, चना, गुड़, खजूर, और अगर आप खाते हैं तो अंडा, मछली या मांस। इनके साथ विटामिन सी वाली चीज़ें (नींबू, आँवला, अमरूद, संतरा) लें, और चाय-कॉफ़ी खाने से एक घंटा दूर रखें, क्योंकि ये आयरन का अवशोषण कम करती हैं।',
    },
    exercise: {
      en: 'Light activity such as walking is fine; if you feel breathless, dizzy or very tired, take it slowly until your doctor has looked at the cause.',
      hi: 'टहलने जैसी हल्की गतिविधि ठीक है; अगर साँस फूले, चक्कर आए या बहुत थकान हो तो डॉक्टर के कारण देखने तक धीरे-धीरे ही करें।',
    },
    retest: {
      en: 'Haemoglobin is usually checked again after about 2 to 3 months, or sooner if your doctor asks.',
      hi: 'हीमोग्लोबिन आम तौर पर लगभग 2 से 3 महीने बाद दोबारा जाँचा जाता है, या डॉक्टर कहें तो पहले।',
    },
    doctor: {
      who: { en: 'general physician', hi: SPECIALIST.physician.hi },
      why: {
        en: 'who can find the cause (diet, blood loss, heavy periods, and others); a hematologist if it stays low',
        hi: 'जो इसका कारण (खान-पान, खून बहना, ज़्यादा मासिक धर्म आदि) देख सकते हैं; कम बना रहे तो हेमेटोलॉजिस्ट',
      },
    },
  },
  {
    id: 'high_sugar',
    label: { en: 'high blood sugar', hi: 'बढ़ी हुई ब्लड शुगर' },
    applies: [
      ['glucose_fasting', 'high'],
      ['glucose_pp', 'high'],
      ['glucose_random', 'high'],
      ['hba1c', 'high'],
      ['estimated_average_glucose', 'high'],
    ],
    food: {
      en: 'Cut down on sugar, sweets, sweetened drinks and juices, and on refined foods such as white bread, maida and large helpings of white rice. Prefer whole grains (millets like jowar, bajra, ragi; whole wheat), dals, vegetables and salads, and eat at regular times in smaller portions.',
      hi: 'चीनी, मिठाई, मीठे पेय और जूस, और मैदा, सफ़ेद ब्रेड व ज़्यादा सफ़ेद चावल जैसी चीज़ें कम करें। साबुत अनाज (ज्वार, बाजरा, रागी जैसे मोटे अनाज; गेहूँ का आटा), दालें, सब्ज़ियाँ और सलाद ज़्यादा लें, और समय पर, कम मात्रा में खाएँ।',
    },
    exercise: {
      en: 'Aim for at least 30 minutes of brisk walking or similar activity on most days; a short walk after meals also helps sugar levels.',
      hi: 'ज़्यादातर दिनों में कम से कम 30 मिनट तेज़ चलना या ऐसी ही गतिविधि करें; खाने के बाद थोड़ा टहलना भी शुगर के लिए अच्छा है।',
    },
    retest: {
      en: 'HbA1c shows the average of about 3 months, so it is usually checked again after 3 months; your doctor may ask for fasting sugar sooner.',
      hi: 'एचबीए1सी लगभग 3 महीने का औसत बताता है, इसलिए इसे आम तौर पर 3 महीने बाद दोबारा जाँचा जाता है; खाली पेट शुगर डॉक्टर पहले भी करवा सकते हैं।',
    },
    doctor: {
      who: SPECIALIST.diabetologist,
      why: {
        en: 'or your general physician, who can confirm whether it is prediabetes or diabetes',
        hi: 'या अपने सामान्य चिकित्सक, जो बता सकते हैं कि यह प्रीडायबिटीज़ है या डायबिटीज़',
      },
    },
  },
  {
    id: 'high_lipids',
    label: { en: 'high cholesterol or triglycerides', hi: 'बढ़े हुए कोलेस्ट्रॉल या ट्राइग्लिसराइड' },
    applies: [
      ['total_cholesterol', 'high'],
      ['ldl_cholesterol', 'high'],
      ['triglycerides', 'high'],
      ['non_hdl_cholesterol', 'high'],
      ['vldl_cholesterol', 'high'],
      ['hdl_cholesterol', 'low'],
    ],
    food: {
      en: 'Cut down on fried food, ghee, butter, vanaspati, bakery items and processed snacks, and on sugar and sweet drinks (they raise triglycerides). Eat more fibre: oats, whole grains, dals, vegetables, fruit, and a small handful of nuts.',
      hi: 'तला हुआ खाना, घी, मक्खन, वनस्पति, बेकरी की चीज़ें और पैकेट वाले नमकीन कम करें, और चीनी व मीठे पेय भी (ये ट्राइग्लिसराइड बढ़ाते हैं)। फ़ाइबर ज़्यादा लें: ओट्स, साबुत अनाज, दालें, सब्ज़ियाँ, फल, और मुट्ठी भर मेवे।',
    },
    exercise: {
      en: 'Regular activity, such as 30 minutes of brisk walking on most days, lowers triglycerides and raises good (HDL) cholesterol; stopping smoking helps too.',
      hi: 'नियमित गतिविधि, जैसे ज़्यादातर दिनों में 30 मिनट तेज़ चलना, ट्राइग्लिसराइड घटाती है और अच्छा (एचडीएल) कोलेस्ट्रॉल बढ़ाती है; धूम्रपान छोड़ना भी मदद करता है।',
    },
    retest: {
      en: 'A lipid profile is usually repeated after about 3 months of diet and activity changes, often fasting overnight first if your lab asks.',
      hi: 'लिपिड प्रोफ़ाइल आम तौर पर खान-पान और गतिविधि में बदलाव के लगभग 3 महीने बाद दोबारा कराई जाती है, लैब कहे तो रात भर खाली पेट रहकर।',
    },
    doctor: {
      who: { en: 'general physician', hi: SPECIALIST.physician.hi },
      why: {
        en: 'who can weigh it with your blood pressure, sugar and family history; a cardiologist if your heart risk is high',
        hi: 'जो इसे आपके बीपी, शुगर और पारिवारिक इतिहास के साथ देख सकते हैं; दिल का ख़तरा ज़्यादा हो तो कार्डियोलॉजिस्ट',
      },
    },
  },
  {
    id: 'thyroid',
    label: { en: 'a thyroid result out of range', hi: 'सीमा से बाहर थायराइड जाँच' },
    applies: [
      ['tsh', 'high'],
      ['tsh', 'low'],
      ['free_t4', 'low'],
      ['free_t4', 'high'],
      ['t4', 'low'],
      ['t4', 'high'],
    ],
    food: {
      en: 'No particular food fixes the thyroid. Use iodised salt in normal amounts and eat a balanced diet; do not start iodine or thyroid supplements on your own.',
      hi: 'कोई ख़ास खाना थायराइड ठीक नहीं करता। सामान्य मात्रा में आयोडीन वाला नमक लें और संतुलित भोजन करें; अपने आप आयोडीन या थायराइड के सप्लीमेंट शुरू न करें।',
    },
    exercise: {
      en: 'Regular moderate activity such as walking or yoga is good for energy and weight; if your heart races or you feel very weak, tell your doctor first.',
      hi: 'टहलना या योग जैसी नियमित मध्यम गतिविधि ऊर्जा और वज़न के लिए अच्छी है; अगर दिल तेज़ धड़के या बहुत कमज़ोरी लगे तो पहले डॉक्टर को बताएँ।',
    },
    retest: {
      en: 'A slightly abnormal TSH is usually checked again after 6 to 8 weeks, because it can change by itself.',
      hi: 'थोड़ा असामान्य टीएसएच आम तौर पर 6 से 8 हफ़्ते बाद दोबारा जाँचा जाता है, क्योंकि यह अपने आप भी बदल सकता है।',
    },
    doctor: {
      who: SPECIALIST.endocrinologist,
      why: {
        en: 'or your general physician, who can decide whether it needs treatment',
        hi: 'या अपने सामान्य चिकित्सक, जो तय करेंगे कि इलाज की ज़रूरत है या नहीं',
      },
    },
  },
  {
    id: 'low_vitamin_d',
    label: { en: 'low vitamin D', hi: 'कम विटामिन डी' },
    applies: [['vitamin_d', 'low']],
    food: {
      en: 'Few foods have much vitamin D: eggs, fish and fortified milk help a little. About 15 to 20 minutes of sunlight on the arms and face most days helps the body make it.',
      hi: 'बहुत कम खानों में विटामिन डी होता है: अंडा, मछली और फ़ोर्टिफ़ाइड दूध थोड़ा मदद करते हैं। ज़्यादातर दिनों में बाँहों और चेहरे पर लगभग 15 से 20 मिनट की धूप से शरीर इसे बनाता है।',
    },
    exercise: {
      en: 'Walking outdoors in daylight combines activity with sunlight; weight-bearing exercise also keeps bones strong.',
      hi: 'दिन की रोशनी में बाहर टहलने से गतिविधि और धूप दोनों मिलती हैं; वज़न उठाने वाले व्यायाम हड्डियों को भी मज़बूत रखते हैं।',
    },
    retest: {
      en: 'Vitamin D is usually checked again after about 3 months.',
      hi: 'विटामिन डी आम तौर पर लगभग 3 महीने बाद दोबारा जाँचा जाता है।',
    },
    doctor: {
      who: { en: 'general physician', hi: SPECIALIST.physician.hi },
      why: {
        en: 'who can tell you whether you need a supplement and how much',
        hi: 'जो बताएँगे कि सप्लीमेंट की ज़रूरत है या नहीं, और कितना',
      },
    },
  },
  {
    id: 'low_b12',
    label: { en: 'low vitamin B12 or folate', hi: 'कम विटामिन बी12 या फ़ोलेट' },
    applies: [
      ['vitamin_b12', 'low'],
      ['folate', 'low'],
    ],
    food: {
      en: 'Vitamin B12 comes mainly from animal foods: milk, curd, paneer, eggs, fish and meat. Vegetarians can rely on dairy every day; folate comes from green leafy vegetables, dals and fruit.',
      hi: 'विटामिन बी12 मुख्य रूप से दूध, दही, पनीर, अंडा, मछली और मांस से मिलता है। शाकाहारी लोग रोज़ दूध-दही लें; फ़ोलेट हरी पत्तेदार सब्ज़ियों, दालों और फलों से मिलता है।',
    },
    exercise: {
      en: 'Usual activity is fine; tell your doctor about numbness, tingling or unsteadiness while walking.',
      hi: 'सामान्य गतिविधि ठीक है; हाथ-पैर सुन्न होना, झुनझुनी या चलते समय लड़खड़ाहट हो तो डॉक्टर को बताएँ।',
    },
    retest: {
      en: 'It is usually checked again after about 2 to 3 months.',
      hi: 'इसे आम तौर पर लगभग 2 से 3 महीने बाद दोबारा जाँचा जाता है।',
    },
    doctor: {
      who: { en: 'general physician', hi: SPECIALIST.physician.hi },
      why: {
        en: 'who can look for the cause and decide on treatment',
        hi: 'जो कारण देखकर इलाज तय करेंगे',
      },
    },
  },
  {
    id: 'kidney',
    label: { en: 'a kidney result out of range', hi: 'सीमा से बाहर किडनी की जाँच' },
    applies: [
      ['creatinine', 'high'],
      ['urea', 'high'],
      ['bun', 'high'],
      ['egfr', 'low'],
      ['cystatin_c', 'high'],
    ],
    food: {
      en: 'Drink enough water unless your doctor has told you to limit fluids, keep salt and packaged or salty foods low, and avoid very large amounts of protein powders or meat until your doctor advises.',
      hi: 'जब तक डॉक्टर ने पानी कम करने को न कहा हो, पर्याप्त पानी पिएँ; नमक और पैकेट वाले या नमकीन खाने कम रखें, और डॉक्टर की सलाह तक प्रोटीन पाउडर या बहुत ज़्यादा मांस न लें।',
    },
    exercise: {
      en: 'Regular moderate activity is good; very heavy exercise just before the test can raise creatinine, so rest the day before a repeat test.',
      hi: 'नियमित मध्यम गतिविधि अच्छी है; जाँच से ठीक पहले बहुत भारी व्यायाम क्रिएटिनिन बढ़ा सकता है, इसलिए दोबारा जाँच से एक दिन पहले आराम करें।',
    },
    retest: {
      en: 'A raised kidney value is often repeated within a few weeks to confirm it, as your doctor advises.',
      hi: 'बढ़ी हुई किडनी की जाँच पक्का करने के लिए अक्सर कुछ हफ़्तों में दोबारा कराई जाती है, जैसा डॉक्टर कहें।',
    },
    doctor: {
      who: SPECIALIST.nephrologist,
      why: {
        en: 'or your general physician first, who can check your blood pressure, sugar and medicines',
        hi: 'या पहले अपने सामान्य चिकित्सक, जो आपका बीपी, शुगर और दवाइयाँ देख सकते हैं',
      },
    },
  },
  {
    id: 'high_uric_acid',
    label: { en: 'high uric acid', hi: 'बढ़े हुए यूरिक एसिड' },
    applies: [['uric_acid', 'high']],
    food: {
      en: 'Drink plenty of water, and cut down on red meat, organ meat, some seafood, alcohol (especially beer) and sugary drinks; dals and vegetables in normal amounts are fine for most people.',
      hi: 'ख़ूब पानी पिएँ, और लाल मांस, कलेजी जैसे अंग, कुछ समुद्री खाने, शराब (ख़ासकर बीयर) और मीठे पेय कम करें; ज़्यादातर लोगों के लिए सामान्य मात्रा में दालें और सब्ज़ियाँ ठीक हैं।',
    },
    exercise: {
      en: 'Regular activity and a healthy weight help lower uric acid; avoid crash diets, which can raise it.',
      hi: 'नियमित गतिविधि और सही वज़न यूरिक एसिड घटाने में मदद करते हैं; अचानक बहुत कम खाना (क्रैश डाइट) इसे बढ़ा सकता है।',
    },
    retest: {
      en: 'It is usually checked again after about 3 months.',
      hi: 'इसे आम तौर पर लगभग 3 महीने बाद दोबारा जाँचा जाता है।',
    },
    doctor: {
      who: { en: 'general physician', hi: SPECIALIST.physician.hi },
      why: {
        en: 'or a rheumatologist if you have joint pain or swelling',
        hi: 'या जोड़ों में दर्द या सूजन हो तो रूमेटोलॉजिस्ट',
      },
    },
  },
  {
    id: 'liver',
    label: { en: 'a liver result out of range', hi: 'सीमा से बाहर लिवर की जाँच' },
    applies: [
      ['alt', 'high'],
      ['ast', 'high'],
      ['ggt', 'high'],
      ['alkaline_phosphatase', 'high'],
      ['bilirubin_total', 'high'],
    ],
    food: {
      en: 'Avoid alcohol completely until your doctor has seen this, and cut down on fried and fatty food, sugar and sweet drinks; eat home-cooked meals with vegetables, fruit and whole grains.',
      hi: 'डॉक्टर के देखने तक शराब बिल्कुल न लें, और तला-भुना, ज़्यादा चिकनाई वाला खाना, चीनी व मीठे पेय कम करें; सब्ज़ियों, फलों और साबुत अनाज वाला घर का खाना खाएँ।',
    },
    exercise: {
      en: 'Regular activity and losing extra weight help a fatty liver, the most common cause of mildly raised liver enzymes.',
      hi: 'नियमित गतिविधि और अतिरिक्त वज़न कम करना फ़ैटी लिवर में मदद करता है, जो लिवर एंज़ाइम थोड़ा बढ़ने का सबसे आम कारण है।',
    },
    retest: {
      en: 'Mildly raised liver tests are often repeated after about 4 to 6 weeks.',
      hi: 'थोड़े बढ़े हुए लिवर टेस्ट अक्सर लगभग 4 से 6 हफ़्ते बाद दोबारा कराए जाते हैं।',
    },
    doctor: {
      who: { en: 'general physician', hi: SPECIALIST.physician.hi },
      why: {
        en: `first, then a ${SPECIALIST.hepatologist.en} if it stays raised`,
        hi: `पहले, और बढ़ा रहे तो ${SPECIALIST.hepatologist.hi}`,
      },
    },
  },
];

const BY_ANALYTE = new Map<string, Guide>();
for (const g of GUIDES) for (const [id, dir] of g.applies) BY_ANALYTE.set(`${id}:${dir}`, g);

/** The guide for an analyte that is out of range in this direction, if the knowledge base has one. */
export function guideFor(analyteId: string, direction: 'high' | 'low'): Guide | undefined {
  return BY_ANALYTE.get(`${analyteId}:${direction}`);
}

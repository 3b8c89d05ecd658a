/**
 * Test names as Hindi and bilingual lab prints write them in Devanagari, beside each analyte's own
 * Hindi name (its `name.hi`, written for patients): matched like any printed name (issue 29, a
 * Hindi name is an anchor). Keyed by analyte id; spellings as labs print them, with and without
 * the plural or 'serum'.
 */
export const HINDI_PRINTED_NAMES: Record<string, string[]> = {
  hemoglobin: ['हीमोग्लोबिन', 'हिमोग्लोबिन', 'रक्त में हीमोग्लोबिन'],
  rbc_count: ['लाल रक्त कोशिका', 'लाल रक्त कोशिकाएँ', 'लाल रक्त कण'],
  wbc_count: ['कुल श्वेत रक्त कोशिका', 'श्वेत रक्त कोशिका', 'श्वेत रक्त कोशिकाएँ', 'सफेद रक्त कण', 'टीएलसी'],
  platelet_count: ['प्लेटलेट्स', 'प्लेटलेट', 'प्लेटलेट काउंट', 'प्लेटलेट गणना', 'बिम्बाणु'],
  esr: ['ईएसआर', 'रक्त अवसादन दर'],
  glucose_fasting: ['रक्त शर्करा (खाली पेट)', 'खाली पेट रक्त शर्करा', 'खाली पेट शर्करा', 'फास्टिंग शुगर'],
  glucose_pp: ['रक्त शर्करा (खाने के बाद)', 'भोजन के बाद रक्त शर्करा', 'खाने के बाद शर्करा', 'पीपी शुगर'],
  glucose_random: ['रक्त शर्करा (रैंडम)', 'रैंडम रक्त शर्करा', 'रैंडम शुगर'],
  hba1c: ['एचबीए1सी', 'ग्लाइकेटेड हीमोग्लोबिन'],
  creatinine: ['सीरम क्रिएटिनिन', 'क्रिएटिनिन'],
  urea: ['यूरिया', 'रक्त यूरिया', 'सीरम यूरिया'],
  uric_acid: ['यूरिक एसिड', 'सीरम यूरिक एसिड'],
  total_cholesterol: ['कुल कोलेस्ट्रॉल', 'कोलेस्ट्रॉल', 'कोलेस्ट्रोल'],
  triglycerides: ['ट्राइग्लिसराइड', 'ट्राइग्लिसराइड्स'],
  tsh: ['टीएसएच', 'थायराइड उत्तेजक हार्मोन'],
  vitamin_d: ['विटामिन डी', 'विटामिन D'],
  vitamin_b12: ['विटामिन बी12', 'विटामिन B12'],
  bilirubin_total: ['कुल बिलीरुबिन', 'बिलीरुबिन'],
  alt: ['एसजीपीटी'],
  ast: ['एसजीओटी'],
};

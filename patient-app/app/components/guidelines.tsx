const WORDS = {
  en: {
    title: 'Upload guidelines',
    items: [
      'Make sure the report is readable and not blurry.',
      'Your personal information is kept secure and private.',
      'Supported formats: PDF, PNG, JPG, JPEG, TXT.',
      'Maximum file size: 10MB.',
      'Analysis typically takes 1-2 minutes.',
    ],
  },
  hi: {
    title: 'अपलोड के लिए सुझाव',
    items: [
      'रिपोर्ट साफ़ पढ़ी जा सके, धुँधली न हो।',
      'आपकी निजी जानकारी सुरक्षित और गोपनीय रखी जाती है।',
      'फ़ॉर्मेट: PDF, PNG, JPG, JPEG, TXT।',
      'फ़ाइल का अधिकतम आकार: 10MB।',
      'विश्लेषण में आमतौर पर 1-2 मिनट लगते हैं।',
    ],
  },
};

/** The upload guidelines box: what a good upload is (type, size, a clear photo). */
export function UploadGuidelines({ lang = 'en' }: { lang?: 'en' | 'hi' }) {
  const w = WORDS[lang];
  return (
    <aside className="guidelines" aria-labelledby="guidelines-title">
      <h2 id="guidelines-title" style={{ fontSize: '1rem', margin: 0 }}>
        {w.title}
      </h2>
      <ul>
        {w.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </aside>
  );
}

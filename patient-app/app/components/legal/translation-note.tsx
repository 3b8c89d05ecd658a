/** Above a legal page in Hindi: the English text is the binding one. */
export function TranslationNote() {
  return (
    <p className="muted small">यह अंग्रेज़ी पाठ का हिन्दी अनुवाद है। दोनों में कोई अंतर हो, तो अंग्रेज़ी पाठ मान्य होगा।</p>
  );
}

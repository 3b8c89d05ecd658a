/** The upload guidelines box: what a good upload is (type, size, a clear photo). */
export function UploadGuidelines() {
  return (
    <aside className="guidelines" aria-labelledby="guidelines-title">
      <h2 id="guidelines-title" style={{ fontSize: '1rem', margin: 0 }}>
        Upload guidelines
      </h2>
      <ul>
        <li>Make sure the report is readable and not blurry.</li>
        <li>Your personal information is kept secure and private.</li>
        <li>Supported formats: PDF, PNG, JPG, JPEG, TXT.</li>
        <li>Maximum file size: 10MB.</li>
        <li>Analysis typically takes 1-2 minutes.</li>
      </ul>
    </aside>
  );
}

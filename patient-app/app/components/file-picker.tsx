import { checkUploadFile, UPLOAD_MESSAGES, UPLOAD_RULES } from '@reportsaathi/contracts/reports';
import { useRef, useState } from 'react';
import { formatMB } from '../utils/format';
import { say } from '../utils/messages';

interface Props {
  /** Called with the chosen file (or null) and the validation message when it is refused. */
  onChange?: (file: File | null, error: string | null) => void;
  error?: string | null;
  disabled?: boolean;
  /** The language of the picker's words (decision 221). */
  lang?: 'en' | 'hi';
}

const WORDS = {
  en: {
    drop: 'Drag and drop your report here, or click to choose a file',
    kinds: 'PDF, PNG, JPG, JPEG or TXT, up to 10MB',
    remove: 'Remove',
  },
  hi: {
    drop: 'अपनी रिपोर्ट यहाँ खींचकर छोड़ें, या फ़ाइल चुनने के लिए दबाएँ',
    kinds: 'PDF, PNG, JPG, JPEG या TXT, 10MB तक',
    remove: 'हटाएँ',
  },
};

/**
 * One-file picker with drag and drop. It wraps a real <input type="file" name="file">, so the
 * surrounding form posts the file even before JavaScript has loaded.
 */
export function FilePicker({ onChange, error, disabled, lang = 'en' }: Props) {
  const w = WORDS[lang];
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);

  function choose(list: FileList | null) {
    if (list && list.length > 1) {
      clear();
      onChange?.(null, UPLOAD_MESSAGES.tooMany);
      return;
    }
    const f = list?.[0] ?? null;
    setFile(f);
    onChange?.(f, f ? checkUploadFile(f) : null);
  }

  function clear() {
    if (input.current) input.current.value = '';
    setFile(null);
    onChange?.(null, null);
  }

  return (
    <div>
      <label
        className={`dropzone${dragging ? ' dragging' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          if (disabled) return;
          const files = e.dataTransfer.files;
          if (input.current && files.length === 1) input.current.files = files;
          choose(files);
        }}
      >
        <strong>{w.drop}</strong>
        <span className="muted small" style={{ display: 'block' }}>
          {w.kinds}
        </span>
        <input
          ref={input}
          type="file"
          name="file"
          accept={UPLOAD_RULES.accept}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'file-error' : undefined}
          onChange={(e) => choose(e.currentTarget.files)}
        />
      </label>
      {file ? (
        <div className="file-chip">
          <div>
            <strong>{file.name}</strong>
            <span className="muted small" style={{ display: 'block' }}>
              {formatMB(file.size)}
            </span>
          </div>
          <button type="button" className="btn btn-sm" onClick={clear} disabled={disabled}>
            {w.remove}
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="field-error" id="file-error" role="alert">
          {say(lang, error)}
        </p>
      ) : null}
    </div>
  );
}

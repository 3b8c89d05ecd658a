import { UPLOAD_RULES } from '@reportsaathi/contracts/reports';
import { useRef, useState } from 'react';
import { formatMB } from '../utils/format';
import { say } from '../utils/messages';

/** The form's file field as conform describes it: the input's name, id, key and message. */
export interface FileField {
  name: string;
  id: string;
  errorId: string;
  key?: string;
  errors?: string[];
}

interface Props {
  field: FileField;
  /** "Remove": the form forgets the field (conform's reset draws its input again, empty, with no message). */
  onRemove: () => void;
  /** The chosen file, or null (none, or several), for the page's own use. */
  onChange?: (file: File | null) => void;
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
 * One-file picker with drag and drop. It wraps a real <input type="file">, so the surrounding form
 * posts the file even before JavaScript has loaded. The file is checked by the form's schema
 * (conform, on input): a dropped file is put into the input and announced as input too, so the
 * same rule judges it (several files: "one file at a time").
 */
export function FilePicker({ field, onRemove, onChange, disabled, lang = 'en' }: Props) {
  const w = WORDS[lang];
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const error = field.errors?.[0];

  function choose(list: FileList | null) {
    const f = list && list.length === 1 ? list[0] : null;
    setFile(f);
    onChange?.(f);
  }

  function remove() {
    setFile(null);
    onChange?.(null);
    onRemove();
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
          if (disabled || !input.current) return;
          input.current.files = e.dataTransfer.files;
          choose(e.dataTransfer.files);
          input.current.dispatchEvent(new Event('input', { bubbles: true }));
        }}
      >
        <strong>{w.drop}</strong>
        <span className="muted small" style={{ display: 'block' }}>
          {w.kinds}
        </span>
        <input
          ref={input}
          key={field.key}
          id={field.id}
          type="file"
          name={field.name}
          accept={UPLOAD_RULES.accept}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? field.errorId : undefined}
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
          <button type="button" className="btn btn-sm" onClick={remove} disabled={disabled}>
            {w.remove}
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="field-error" id={field.errorId} role="alert">
          {say(lang, error)}
        </p>
      ) : null}
    </div>
  );
}

import { checkUploadFile, UPLOAD_MESSAGES, UPLOAD_RULES } from '@reportsaathi/contracts/reports';
import { useRef, useState } from 'react';
import { formatMB } from '../utils/format';

interface Props {
  /** Called with the chosen file (or null) and the validation message when it is refused. */
  onChange?: (file: File | null, error: string | null) => void;
  error?: string | null;
  disabled?: boolean;
}

/**
 * One-file picker with drag and drop. It wraps a real <input type="file" name="file">, so the
 * surrounding form posts the file even before JavaScript has loaded.
 */
export function FilePicker({ onChange, error, disabled }: Props) {
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
        <strong>Drag and drop your report here, or click to choose a file</strong>
        <span className="muted small" style={{ display: 'block' }}>
          PDF, PNG, JPG, JPEG or TXT, up to 10MB
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
            Remove
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="field-error" id="file-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

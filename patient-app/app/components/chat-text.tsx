/**
 * An answer's text as the engine writes it: paragraphs, and lines starting with "- " as a bulleted
 * list (they showed as raw dashes). Plain text only: nothing in an answer is treated as HTML.
 */
export function ChatText({ text }: { text: string }) {
  const blocks: Array<{ kind: 'p'; text: string } | { kind: 'ul'; items: string[] }> = [];
  for (const line of text.split('\n')) {
    const bullet = /^\s*[-•*]\s+(.*)$/.exec(line);
    const last = blocks[blocks.length - 1];
    if (bullet) {
      if (last?.kind === 'ul') last.items.push(bullet[1]);
      else blocks.push({ kind: 'ul', items: [bullet[1]] });
    } else if (line.trim() !== '') {
      blocks.push({ kind: 'p', text: line });
    }
  }
  return (
    <div className="chat-text-body">
      {blocks.map((b, i) =>
        b.kind === 'p' ? (
          <p key={i}>{b.text}</p>
        ) : (
          <ul key={i}>
            {b.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

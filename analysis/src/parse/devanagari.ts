/**
 * Hindi text as a PDF's text layer gives it: many Indian report PDFs store Devanagari in the order
 * it is drawn, so the short-i sign comes before its consonant ('पिरणाम' for 'परिणाम',
 * 'हीमोग्लोिबन' for 'हीमोग्लोबिन'), a half letter is followed by a space ('ब् लड' for 'ब्लड'),
 * and fonts differ in nukta and chandrabindu. A key without the
 * short-i sign and the nukta, with chandrabindu as anusvara, is the same in either order, so names
 * and header words are compared by it.
 */
export function devanagariKey(text: string): string {
  return (
    text
      .replace(/[\u093F\u093C]/g, '')
      .replace(/\u0901/g, '\u0902')
      // A half letter drawn as its own glyph comes out with a space after its virama ('ब् लड').
      .replace(/\u094D\s+(?=[\u0915-\u0939])/g, '\u094D')
  );
}

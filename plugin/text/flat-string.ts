// A string built by concatenation is a rope of many small pieces (a laid-out output at 5,000 tools
// holds tens of megabytes of them). Flattening a string that is kept lets its pieces go.

/** `text`, made one flat string in place (same value, same identity). */
export function flatString(text: string): string {
  void Number(text); // ToNumber reads the string as one piece: V8 flattens it in place first.
  return text;
}

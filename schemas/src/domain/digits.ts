/**
 * What a person typed into a number field, with Bengali digits (০–৯, as a Bengali keyboard types
 * them) written as ASCII digits, so validation and the server see one form (issue 11 item 4,
 * docs/0056). Every other character stays as it is.
 */
export function asciiDigits(text: string): string {
  return text.replace(/[\u09E6-\u09EF]/g, (d) => String(d.charCodeAt(0) - 0x09e6));
}

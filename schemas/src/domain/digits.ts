/**
 * What a person typed into a number field, with Bengali digits (০–৯, as a Bengali keyboard types
 * them) written as ASCII digits, so validation and the server see one form (docs/0054,
 * docs/0056). Every other character stays as it is.
 */
export function asciiDigits(text: string): string {
  return text.replace(/[\u09E6-\u09EF]/g, (d) => String(d.charCodeAt(0) - 0x09e6));
}

/**
 * A number, or a text's ASCII digits, written with Bengali digits (০–৯): numbers in the BN texts
 * the server writes, such as SMS, e-mails and notices (docs/0056). No separators
 * are added (the web's lib/numbers.ts formats what the web shows). Not for what a person types back
 * or opens: verification codes and links keep ASCII.
 */
export function bengaliDigits(value: number | string): string {
  return String(value).replace(/[0-9]/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
}

/** docs/rules/money.md#m-11: proof files are png or jpg (docs/0029); no zod here, the web's withdraw chunk imports it. */
export const PROOF_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export type TProofContentType = (typeof PROOF_CONTENT_TYPES)[number];

/**
 * The content type of a proof judged by its first bytes (never by its name or claimed type): PNG's
 * 8-byte signature or JPEG's FF D8 FF; null for anything else.
 */
export function sniffProofType(bytes: Uint8Array): TProofContentType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

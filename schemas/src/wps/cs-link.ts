import CryptoJS from 'crypto-js';

/**
 * Customer-service link codec (docs/rules/content.md#c-5): the path is DES ciphertext (base64, ECB, PKCS7) followed by
 * its 8-character key. This hides nothing from anyone who reads the page; it is the wire format the
 * upstream uses, so we speak it.
 */
export function encryptCsLink(plain: string, key: string): string {
  if (key.length !== 8) throw new Error('customer-service link key must be 8 characters');
  const cipher = CryptoJS.DES.encrypt(plain, CryptoJS.enc.Utf8.parse(key), {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  });
  return cipher.toString() + key;
}

/** Returns the decrypted link, or null when the value is not a valid encrypted link. */
export function decryptCsLink(path: string): string | null {
  if (path.length <= 8) return null;
  const key = path.slice(-8);
  const body = path.slice(0, -8);
  try {
    const plain = CryptoJS.DES.decrypt(body, CryptoJS.enc.Utf8.parse(key), {
      mode: CryptoJS.mode.ECB,
      padding: CryptoJS.pad.Pkcs7,
    }).toString(CryptoJS.enc.Utf8);
    return plain.length > 0 ? plain : null;
  } catch {
    return null;
  }
}

import EN_CATALOGUE from '../i18n/en.ts';
import { createI18n } from '../i18n/i18n.ts';

/** An i18next instance in EN with the EN catalogue loaded up front (the app fetches it lazily). */
export function createTestI18n() {
  return createI18n('en', { en: EN_CATALOGUE });
}

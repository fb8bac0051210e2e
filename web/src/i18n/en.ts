import accountsEn from './accounts.en.json';
import en from './en.json';

/** The EN catalogue: its own chunk, fetched when a page chooses EN (BN, the default, is bundled). */
const EN_CATALOGUE = { ...en, ...accountsEn };
export default EN_CATALOGUE;

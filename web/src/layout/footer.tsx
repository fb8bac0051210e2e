import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TGameType, TMenuEntry, TVendorLink } from '@wl/schemas';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useVendors } from '../config/vendors.ts';
import { AreaTexts } from '../i18n/area-texts.ts';
import { formatDigits } from '../lib/numbers.ts';
import { iconFor } from './icons.tsx';
import { MenuEntryView } from './menu-entry.tsx';

/**
 * The vendor logos (one image each, some forty) load when their row comes into view. The footer
 * renders a screen ahead of the viewport, and Chromium fetches lazy images well before they show:
 * on a page still loading, they queued ahead of its own files and data (docs/0086). Until then each
 * vendor shows its name, as a vendor without a logo does.
 */
function VendorLogos({ vendors, label }: { vendors: readonly TVendorLink[]; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = ref.current;
    if (inView || !node) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setInView(true));
    io.observe(node);
    return () => io.disconnect();
  }, [inView]);
  return (
    <div ref={ref} className="footer__logos" aria-label={label}>
      {vendors.map((v) => (
        <span key={`${v.gameType}-${v.vassalage}`} className="footer__logo" title={v.name}>
          {inView && v.logoUrl ? <img src={v.logoUrl} alt={v.name} loading="lazy" height={24} /> : v.name}
        </span>
      ))}
    </div>
  );
}

// The help-centre modal (docs/0109), its own chunk with the help texts: loaded when first opened.
const HelpModal = lazy(() => import('../help/help-modal.tsx'));

/**
 * The help links (docs/rules/content.md#c-4), their words in the `site` texts. Each leads to its
 * section of /help; the help centre's own entry opens the help-centre modal over the page (a
 * modified click, or no script, still follows its link to /help).
 */
function HelpLinks({ entries }: { entries: readonly TMenuEntry[] }) {
  const { t } = useTranslation();
  const [modal, setModal] = useState(false);
  const openModal = (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    setModal(true);
  };
  return (
    <>
      <ul className="footer__list">
        {entries.map((e) => (
          <li key={e.key}>
            {e.key === 'helpCentre' && e.isAvailable ? (
              <a href="/help" className="footer__link" data-testid="footer.entry.helpCentre" onClick={openModal}>
                <span className="menu-link__text">{e.label ?? (e.labelKey ? t(e.labelKey) : e.key)}</span>
              </a>
            ) : (
              <MenuEntryView entry={e} testId={`footer.entry.${e.key}`} className="footer__link" />
            )}
          </li>
        ))}
      </ul>
      {modal && (
        <AreaTexts areas={['help']}>
          <Suspense fallback={null}>
            <HelpModal onClose={() => setModal(false)} />
          </Suspense>
        </AreaTexts>
      )}
    </>
  );
}

/**
 * Footer (docs/rules/content.md#c-4): help links, products by category with a vendor filter, social links, vendor logos.
 * Below the first screen: its texts are the `site` area's, not the first load's (docs/0121).
 */
export function Footer() {
  return (
    <AreaTexts areas={['site']}>
      <FooterColumns />
    </AreaTexts>
  );
}

function FooterColumns() {
  const { t, i18n } = useTranslation();
  const config = useScreenConfig();
  const vendors = useVendors();
  const { products, helpLinks, social, vendorLogoCodes } = config.footer;
  const vendorLogos = vendors.links(vendorLogoCodes, null);
  const [category, setCategory] = useState<TGameType | ''>('');
  const product = products.find((p) => p.gameType === category);
  return (
    <footer className="footer" data-testid="footer">
      <div className="footer__cols">
        <div className="footer__col">
          <h2 className="footer__heading">{t('help')}</h2>
          <HelpLinks entries={helpLinks} />
        </div>
        <div className="footer__col footer__col--wide">
          <h2 className="footer__heading">{t('products')}</h2>
          <div className="chips">
            <button type="button" className={`chip${category === '' ? ' chip--active' : ''}`} onClick={() => setCategory('')}>
              {t('all')}
            </button>
            {products.map((p) => (
              <button
                key={p.gameType}
                type="button"
                className={`chip${category === p.gameType ? ' chip--active' : ''}`}
                data-testid={`footer.product.${p.gameType}`}
                onClick={() => setCategory(p.gameType)}
              >
                {p.label}
              </button>
            ))}
          </div>
          <ul className="footer__vendors">
            {(product
              ? vendors.links(product.vendorCodes, product.gameType)
              : products.flatMap((p) => vendors.links(p.vendorCodes.slice(0, 3), p.gameType))
            ).map((v) => (
              <li key={`${v.gameType}-${v.vassalage}`}>
                <Link to={v.path} className="footer__link">
                  {v.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        {social.length > 0 && (
          <div className="footer__col">
            <h2 className="footer__heading">{t('follow_us')}</h2>
            <ul className="footer__social">
              {social.map((s) => (
                <li key={s.csType}>
                  <a
                    href={s.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="social"
                    data-testid={`footer.social.${s.csType}`}
                    aria-label={i18n.exists(`social_${s.csType}`) ? t(`social_${s.csType}`) : s.csType}
                  >
                    {iconFor(s.csType.toLowerCase())}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {vendorLogos.length > 0 && <VendorLogos vendors={vendorLogos} label={t('vendors')} />}
      <p className="footer__copy">
        © {formatDigits(new Date().getFullYear(), i18n.language)} {config.merchant.name}. {t('responsible_gaming')}
      </p>
    </footer>
  );
}

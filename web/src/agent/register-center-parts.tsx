import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { QR_SIZE } from '@wl/schemas/constants';
import { DOWNLINE_ROLES, type TDownlineRole } from '@wl/schemas/domain/agent-team';
import { copyTextMachine } from '@wl/flows/register-center/copy-text.machine';
import { Field } from '../accounts/form-parts.tsx';
import { useQrImage } from '../lib/use-qr-image.ts';

/** The registration link of a code: the site's own /register, which fills the invitation code in. */
export const invitationLink = (code: string) => `${window.location.origin}/register?code=${encodeURIComponent(code)}`;

const copyMachine = copyTextMachine.provide({
  actors: { copy: fromPromise(({ input }: { input: { text: string } }) => navigator.clipboard.writeText(input.text)) },
});

/** Copies a text and says so (or says to copy by hand when the browser refuses); the words are the register centre's unless given. */
export function CopyButton({ text, label, testId, copied, failed }: { text: string; label: string; testId: string; copied?: string; failed?: string }) {
  const { t } = useTranslation();
  const [state, send] = useMachine(copyMachine);
  return (
    <>
      <button type="button" className="btn btn--ghost btn--small" data-testid={testId} onClick={() => send({ type: 'copy.run', text })}>
        {state.matches('copied') ? (copied ?? t('rc_copied')) : label}
      </button>
      {state.matches('failed') && (
        <span className="money__hint" role="status">
          {failed ?? t('rc_copy_failed')}
        </span>
      )}
    </>
  );
}

/** The link's QR code (docs/rules/content.md#c-5: size 120, margin 5); qrcode loads only when one is shown. */
export function InvitationQr({ link, testId, alt }: { link: string; testId: string; alt?: string }) {
  const { t } = useTranslation();
  const src = useQrImage(link);
  return src ? (
    <img className="agent-invite__qr" src={src} width={QR_SIZE} height={QR_SIZE} alt={alt ?? t('rc_qr_alt')} data-testid={testId} />
  ) : (
    <span className="agent-invite__qr" aria-busy="true" />
  );
}

/** The member-or-agent choice both halves of the page ask for. */
export function RoleSelect({ testId, role, onRole }: { testId: string; role: TDownlineRole; onRole: (role: TDownlineRole) => void }) {
  const { t } = useTranslation();
  const options = useMemo(() => DOWNLINE_ROLES.map((r) => ({ r, label: t(`rc_role_${r}`) })), [t]);
  return (
    <Field label={t('rc_role')}>
      <select className="input" data-testid={testId} value={role} onChange={(e) => onRole(e.target.value as TDownlineRole)}>
        {options.map(({ r, label }) => (
          <option key={r} value={r}>
            {label}
          </option>
        ))}
      </select>
    </Field>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { secondsLeftFromServerTime, smsCountdownMachine, type TSmsRequest } from '@wl/flows/sms/sms-countdown.machine';
import { toFlowError } from '../api/flow-errors.ts';

/** The gateway's answer to an SMS send (docs/rules/accounts.md contract `session.sendSms`). */
export type TSmsSent = { expiredMinutes: number; serverTime: string; expiresAt: string };

/** Seconds the send button stays disabled after a send, from the server-time offset (docs/rules/accounts.md#a-15). */
export function countdownFromServer(sent: TSmsSent, clientNowMs = Date.now()): number {
  const serverNow = Date.parse(sent.serverTime);
  const endsAt = Date.parse(sent.expiresAt);
  if (Number.isNaN(serverNow) || Number.isNaN(endsAt)) return sent.expiredMinutes * 60;
  return secondsLeftFromServerTime({ endsAtServerMs: endsAt, serverOffsetMs: serverNow - clientNowMs, clientNowMs });
}

type TProps = {
  testId: string;
  /** The number (and dialing code) to send to; read when clicked. */
  request: () => TSmsRequest;
  /** Sends the code; throws the gateway's failure. */
  send: (request: TSmsRequest) => Promise<TSmsSent>;
  /** Shows a send failure (docs/rules/content.md#c-10: a warning with the server message). */
  onError?: (messageKey: string | null) => void;
  disabled?: boolean;
};

function Button({
  testId,
  request,
  send,
  onError,
  disabled,
  resumeSecondsLeft,
  onSent,
}: TProps & { resumeSecondsLeft: number; onSent: (seconds: number) => void }) {
  const { t } = useTranslation();
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const sendRef = useRef(send);
  sendRef.current = send;
  const machine = useMemo(
    () =>
      smsCountdownMachine.provide({
        actors: {
          sendCode: fromPromise<void, TSmsRequest>(async ({ input }) => {
            try {
              onSent(countdownFromServer(await sendRef.current(input)));
            } catch (err) {
              throw toFlowError(err);
            }
          }),
        },
      }),
    [onSent],
  );
  // expiredMinutes is replaced by the server's own countdown once a code is sent (remount below).
  const [state, sendEvent] = useMachine(machine, { input: { expiredMinutes: 1, resumeSecondsLeft } });
  const waiting = !state.matches('ready');
  const seconds = state.context.secondsLeft;
  const label = state.matches('sending') ? t('sms_sending') : seconds > 0 ? t('sms_resend_in', { seconds }) : t('sms_send_code');
  const error = state.context.error;
  // docs/rules/accounts.md#a-16 phone messages: an empty number asks for a valid one.
  useEffect(() => {
    onErrorRef.current?.(error === 'not_empty' ? 'phone_enter_valid' : error);
  }, [error]);
  return (
    <button
      type="button"
      className="btn btn--ghost btn--small sms-btn"
      data-testid={testId}
      data-seconds-left={seconds}
      disabled={disabled === true || waiting}
      onClick={() => sendEvent({ type: 'sms.send', ...request() })}
    >
      {label}
    </button>
  );
}

/**
 * SMS send button driven by the flows' smsCountdownMachine (docs/rules/accounts.md#a-16 SMS code): disabled while it
 * counts down, at most one send per second, locked 5 minutes after 'too many requests'. After a
 * send the countdown restarts from the server-time offset of the answer, whatever the code's lifetime.
 */
export function SmsSendButton(props: TProps) {
  const [run, setRun] = useState({ key: 0, resume: 0 });
  const onSent = useMemo(() => (seconds: number) => setRun((r) => ({ key: r.key + 1, resume: Math.max(1, seconds) })), []);
  return <Button key={run.key} {...props} resumeSecondsLeft={run.resume} onSent={onSent} />;
}

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, type TInputOf, type TOutputOf } from '../test/render.tsx';
import OperatorHelpTexts from './help-texts.tsx';

type TText = TOutputOf<'operator.saveHelpText'>;
const text = (over: Partial<TText>): TText => ({
  section: 'about',
  language: 'bn',
  device: 'WEB',
  title: 'আমাদের সম্পর্কে',
  body: 'আমরা প্রতিদিন আছি।',
  updatedAt: '2026-11-01T00:00:00.000Z',
  updatedBy: null,
  ...over,
});

function renderPanel(canWrite: boolean) {
  const sent: TInputOf<'operator.saveHelpText'>[] = [];
  renderWithApp(<OperatorHelpTexts canWrite={canWrite} />, {
    handlers: {
      'operator.helpTexts': () => ({ texts: [text({}), text({ language: 'en', title: 'About us', body: 'We are here.' })] }),
      'operator.saveHelpText': (input) => {
        sent.push(input);
        return text({ ...input, language: input.language === 'en' ? 'en' : 'bn', updatedBy: 'demo_content' });
      },
    },
  });
  return sent;
}

describe('the console’s help-centre texts (docs/0109)', () => {
  it('saves only from a preview that shows the draft as the site will, markup as typed characters', async () => {
    const sent = renderPanel(true);
    const title = (await screen.findByTestId('operator.help.title')) as HTMLInputElement;
    expect(title.value).toBe('আমাদের সম্পর্কে');
    fireEvent.change(screen.getByTestId('operator.help.language'), { target: { value: 'en' } });
    await waitFor(() => expect((screen.getByTestId('operator.help.title') as HTMLInputElement).value).toBe('About us'));
    // Nothing changed yet: nothing to preview, and no save button at all before a preview.
    expect((screen.getByTestId('operator.help.preview-button') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('operator.help.save')).toBeNull();
    fireEvent.change(screen.getByTestId('operator.help.body'), { target: { value: 'We are here.\n\n## <b>Hours</b>\n- Every day' } });
    fireEvent.click(screen.getByTestId('operator.help.preview-button'));
    const preview = screen.getByTestId('operator.help.preview');
    expect(preview.querySelector('b')).toBeNull();
    expect(preview.querySelector('h4')?.textContent).toBe('<b>Hours</b>');
    expect(preview.querySelector('li')?.textContent).toBe('Every day');
    // Back to edit keeps the draft; preview again, then save.
    fireEvent.click(screen.getByTestId('operator.help.edit'));
    expect((screen.getByTestId('operator.help.body') as HTMLTextAreaElement).value).toContain('## <b>Hours</b>');
    fireEvent.click(screen.getByTestId('operator.help.preview-button'));
    fireEvent.click(screen.getByTestId('operator.help.save'));
    expect((await screen.findByTestId('operator.help.saved')).textContent).toBe('Saved: the help centre shows it now.');
    expect(sent).toEqual([{ section: 'about', language: 'en', device: 'WEB', title: 'About us', body: 'We are here.\n\n## <b>Hours</b>\n- Every day' }]);
  });

  it('a phone text not written yet starts empty and says phones show the web text', async () => {
    renderPanel(true);
    await screen.findByTestId('operator.help.title');
    fireEvent.change(screen.getByTestId('operator.help.device'), { target: { value: 'MOBILE' } });
    await waitFor(() => expect((screen.getByTestId('operator.help.title') as HTMLInputElement).value).toBe(''));
    expect(screen.getByTestId('operator.help.form').textContent).toContain('phones show the web text');
  });

  it('without the content permission: the text as the site shows it, nothing to edit or save', async () => {
    const sent = renderPanel(false);
    const preview = await screen.findByTestId('operator.help.preview');
    expect(preview.querySelector('h3')?.textContent).toBe('আমাদের সম্পর্কে');
    expect(screen.queryByTestId('operator.help.form')).toBeNull();
    expect(screen.queryByTestId('operator.help.save')).toBeNull();
    expect(sent).toEqual([]);
  });
});

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HelpBody, helpBlocks } from './help-body.tsx';

describe('help texts as blocks (docs/0109)', () => {
  it('reads paragraphs, subheadings and list items from plain text', () => {
    expect(helpBlocks('First line\nsame paragraph\n\n## A heading\n- one\n- two\n\nLast.\r\n')).toEqual([
      { kind: 'p', lines: ['First line', 'same paragraph'] },
      { kind: 'h', text: 'A heading' },
      { kind: 'ul', items: ['one', 'two'] },
      { kind: 'p', lines: ['Last.'] },
    ]);
    expect(helpBlocks('\n\n  \n')).toEqual([]);
  });

  it('renders an operator’s markup as the characters typed, never as elements', () => {
    const { container } = render(<HelpBody body={'<script>alert(1)</script>\n\n## <b>bold</b>\n- <img src=x onerror=alert(1)>'} />);
    expect(container.querySelector('script, b, img')).toBeNull();
    expect(container.querySelector('p')?.textContent).toBe('<script>alert(1)</script>');
    expect(container.querySelector('h4')?.textContent).toBe('<b>bold</b>');
    expect(container.querySelector('li')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});

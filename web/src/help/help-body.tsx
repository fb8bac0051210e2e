import { Fragment } from 'react';

/** One block of a help text: a paragraph, a subheading or a list (docs/0109). */
export type THelpBlock = { kind: 'p'; lines: string[] } | { kind: 'h'; text: string } | { kind: 'ul'; items: string[] };

/**
 * A help text as blocks (schemas ZHelpSection's plain-text form): an empty line ends a paragraph,
 * "## " starts a subheading, "- " a list item; other lines join their paragraph (kept as line
 * breaks). Nothing in the text is read as markup: the blocks are rendered as elements with the text
 * inside, so an operator's `<script>` shows as those characters.
 */
export function helpBlocks(body: string): THelpBlock[] {
  const blocks: THelpBlock[] = [];
  let open: THelpBlock | null = null;
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      open = null;
    } else if (line.startsWith('## ')) {
      blocks.push({ kind: 'h', text: line.slice(3).trim() });
      open = null;
    } else if (line.startsWith('- ')) {
      if (open?.kind !== 'ul') blocks.push((open = { kind: 'ul', items: [] }));
      open.items.push(line.slice(2).trim());
    } else {
      if (open?.kind !== 'p') blocks.push((open = { kind: 'p', lines: [] }));
      open.lines.push(line);
    }
  }
  return blocks;
}

/** A help text's blocks as elements, subheadings one level under the section's heading (`level`). */
export function HelpBody({ body, level = 4 }: { body: string; level?: 3 | 4 }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <div className="help__body">
      {helpBlocks(body).map((b, i) => {
        if (b.kind === 'h') return <Heading key={i}>{b.text}</Heading>;
        if (b.kind === 'ul')
          return (
            <ul key={i}>
              {b.items.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ul>
          );
        return (
          <p key={i}>
            {b.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}

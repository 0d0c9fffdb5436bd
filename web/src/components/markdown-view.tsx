import { Fragment, type ReactNode } from 'react';

/**
 * Shows Markdown as headings, paragraphs and lists, built as React elements: no HTML string is ever parsed, so
 * text from the AI cannot inject markup. It reads the subset the product writes (the technical report:
 * `#`–`###` headings, `- ` items, `**bold**` and `_emphasis_`); anything else shows as the text it is.
 */
export const MarkdownView = ({ markdown, className }: { markdown: string; className?: string }) => (
  <div className={className}>{blocksOf(markdown).map(renderBlock)}</div>
);

type Block = { kind: 'heading'; level: 1 | 2 | 3; text: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string };

const blocksOf = (markdown: string): Block[] => {
  const blocks: Block[] = [];
  for (const line of markdown.split('\n')) {
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    const last = blocks.at(-1);
    if (heading) blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, text: heading[2]! });
    else if (item) {
      if (last?.kind === 'list') last.items.push(item[1]!);
      else blocks.push({ kind: 'list', items: [item[1]!] });
    } else if (line.trim() === '') blocks.push({ kind: 'paragraph', text: '' });
    else if (last?.kind === 'paragraph' && last.text !== '') last.text += `\n${line}`;
    else blocks.push({ kind: 'paragraph', text: line });
  }
  return blocks.filter((block) => block.kind !== 'paragraph' || block.text !== '');
};

const HEADING_CLASSES = { 1: 'text-xl font-bold', 2: 'mt-4 text-lg font-semibold', 3: 'mt-3 font-semibold' } as const;

const renderBlock = (block: Block, index: number) => {
  if (block.kind === 'heading') {
    // The dialog's own title is its h2: the report's headings sit below it.
    const Tag = (['h3', 'h4', 'h5'] as const)[block.level - 1]!;
    return (
      <Tag key={index} className={HEADING_CLASSES[block.level]}>
        {inline(block.text)}
      </Tag>
    );
  }
  if (block.kind === 'list') {
    return (
      <ul key={index} className="mt-1 list-disc space-y-0.5 pl-5">
        {block.items.map((item, itemIndex) => (
          <li key={itemIndex}>{inline(item)}</li>
        ))}
      </ul>
    );
  }
  return (
    <p key={index} className="mt-1 whitespace-pre-line">
      {inline(block.text)}
    </p>
  );
};

/** `**bold**` and `_emphasis_` (or `*emphasis*`); the rest is text. */
const inline = (text: string): ReactNode[] =>
  text.split(/(\*\*[^*]+\*\*|_[^_]+_|\*[^*]+\*)/g).map((part, index) => {
    if (/^\*\*[^*]+\*\*$/.test(part)) return <strong key={index}>{part.slice(2, -2)}</strong>;
    if (/^(_[^_]+_|\*[^*]+\*)$/.test(part)) return <em key={index}>{part.slice(1, -1)}</em>;
    return <Fragment key={index}>{part}</Fragment>;
  });

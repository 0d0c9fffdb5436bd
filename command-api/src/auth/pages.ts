import type { Context } from 'koa';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

/** Markup whose dynamic parts were escaped where they were put in. */
export interface Html {
  readonly html: string;
}

/** A template tag that escapes every interpolated value unless it is already `Html`. */
export const html = (strings: TemplateStringsArray, ...values: (string | number | Html | Html[])[]): Html => ({
  html: strings.reduce((out, part, index) => {
    if (index === 0) return part;
    const value = values[index - 1]!;
    const text = Array.isArray(value) ? value.map((each) => each.html).join('') : typeof value === 'object' ? value.html : escapeHtml(String(value));
    return out + text + part;
  }, ''),
});

/** The web app's look (its slate, indigo and rounded cards), light and dark, without loading anything. */
const STYLE = `
  :root { color-scheme: light dark; font-family: ui-sans-serif, system-ui, sans-serif; line-height: 1.5;
    --bg: #f8fafc; --card: #ffffff; --text: #0f172a; --muted: #475569; --line: #e2e8f0; --accent: #4f46e5; --accent-hover: #4338ca; --link: #4338ca;
    --note: #fffbeb; --note-line: #fcd34d; --note-text: #78350f; --error: #fef2f2; --error-text: #991b1b; --field: #ffffff; }
  @media (prefers-color-scheme: dark) { :root {
    --bg: #020617; --card: #0f172a; --text: #f1f5f9; --muted: #cbd5e1; --line: #1e293b; --accent: #4f46e5; --accent-hover: #4338ca; --link: #a5b4fc;
    --note: #451a03; --note-line: #92400e; --note-text: #fde68a; --error: #450a0a; --error-text: #fecaca; --field: #020617; } }
  body { margin: 0; display: grid; place-items: center; min-height: 100vh; background: var(--bg); color: var(--text); }
  main { box-sizing: border-box; width: min(28rem, 100% - 2rem); padding: 2rem; background: var(--card); border: 1px solid var(--line);
    border-radius: 1rem; box-shadow: 0 10px 30px rgb(15 23 42 / 0.08); }
  .brand { display: flex; align-items: center; gap: 0.5rem; margin-bottom: 1.25rem; font-weight: 700; color: var(--text); text-decoration: none; }
  .brand span { display: grid; place-items: center; width: 2rem; height: 2rem; border-radius: 0.5rem; color: #fff;
    background: linear-gradient(135deg, #6366f1, #d946ef); }
  h1 { font-size: 1.4rem; margin: 0 0 0.75rem; letter-spacing: -0.01em; }
  p { color: var(--muted); }
  .note { padding: 0.75rem 1rem; border-radius: 0.75rem; background: var(--note); border: 1px solid var(--note-line); color: var(--note-text); font-size: 0.9rem; }
  .error { padding: 0.75rem 1rem; border-radius: 0.75rem; background: var(--error); color: var(--error-text); }
  label { display: block; margin-top: 1rem; font-weight: 600; font-size: 0.9rem; }
  input { box-sizing: border-box; width: 100%; margin-top: 0.25rem; padding: 0.6rem 0.75rem; font: inherit; color: var(--text);
    background: var(--field); border: 1px solid var(--line); border-radius: 0.5rem; }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
  .actions { display: flex; gap: 1rem; align-items: center; margin-top: 1.5rem; }
  button { padding: 0.6rem 1.25rem; font: inherit; font-weight: 600; cursor: pointer; color: #fff; background: var(--accent); border: 0; border-radius: 0.5rem; }
  button:hover { background: var(--accent-hover); }
  a { color: var(--link); }
`;

/**
 * Answers a small server-rendered page. These pages load nothing and run no script, and the command API's
 * policy (`apiSecurityHeaders`: no script, inline style only, forms back to this site, not cached) says so:
 * whatever might slip into them could not execute or send a form anywhere else.
 */
export const sendPage = (ctx: Context, status: number, title: string, body: Html) => {
  ctx.status = status;
  ctx.type = 'html';
  ctx.body = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Viral Idea Studio</title>
<style>${{ html: STYLE }}</style>
</head>
<body>
<main>
<a class="brand" href="/"><span aria-hidden="true">✦</span>Viral Idea Studio</a>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`.html;
};

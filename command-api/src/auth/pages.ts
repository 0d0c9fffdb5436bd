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

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0; display: grid; place-items: center; min-height: 100vh; background: Canvas; color: CanvasText; }
  main { width: min(28rem, 100% - 2rem); padding: 2rem; border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); border-radius: 0.75rem; }
  h1 { font-size: 1.4rem; margin: 0 0 0.5rem; }
  .note { padding: 0.75rem 1rem; border-radius: 0.5rem; background: color-mix(in srgb, orange 18%, Canvas); }
  .error { padding: 0.75rem 1rem; border-radius: 0.5rem; background: color-mix(in srgb, red 18%, Canvas); }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; margin-top: 0.25rem; padding: 0.5rem; font: inherit; }
  .actions { display: flex; gap: 1rem; align-items: center; margin-top: 1.5rem; }
  button { padding: 0.5rem 1.25rem; font: inherit; font-weight: 600; cursor: pointer; }
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
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`.html;
};

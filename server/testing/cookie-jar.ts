/**
 * A browser's cookie jar for one site, for the test clients: each cookie as the last response set it (by name,
 * so a response that sets one cookie keeps the others), gone once a response expires it.
 */
export const createCookieJar = () => {
  const cookies = new Map<string, string>();
  return {
    keep(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const name = pair.slice(0, pair.indexOf('=')).trim();
        const expired = attributes.some((attribute) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute));
        if (expired) cookies.delete(name);
        else cookies.set(name, pair.slice(pair.indexOf('=') + 1));
      }
    },
    /** The Cookie header a browser would send ('' when there is none). */
    header: () => Array.from(cookies, ([name, value]) => `${name}=${value}`).join('; '),
  };
};

/**
 * The domain's rule for key resources (domain/src/project/stages.ts `isWebAddress`), repeated here so the form
 * can say so before sending: the server refuses the same with the same message.
 */
export const isWebAddress = (text: string) => {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};
export const WEB_ADDRESS_MESSAGE = 'Enter a web address starting with https://';

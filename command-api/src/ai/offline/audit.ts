import type { IncompatibleParameter } from '@vis/domain';
import type { AiContext } from '../provider.ts';

/**
 * The offline parameter audit: each rule is one of the idea's constraints (spec 01 §1/§3 default tags: crypto
 * reward, self-funded, viral, simple page, no externalities, one-page, no physical, realistic) and what breaks it.
 * A parameter breaks a rule when it names something the constraint rules out, unless it rules that out itself
 * ('No physical goods involved', 'Works without an app store'). The reason names the project's own constraint
 * when the project has it, and the product's premise (a self-funded one-page idea) when it does not.
 */
interface AuditRule {
  /** The project parameters that state this constraint. */
  constraint: RegExp;
  /** The constraint in words, when the project states none of its own. */
  premise: string;
  /** What a conflicting parameter needs, after "needs" / "depends on". */
  needs: string;
  /** Something the parameter names that breaks the constraint (read only where it is not negated). */
  breaks: RegExp;
  /** A parameter that rejects what the constraint requires ('No crypto'): negation is the conflict here. */
  rejects?: RegExp;
  /** What to do instead, as a sentence. */
  instead: string;
}

const RULES: readonly AuditRule[] = [
  {
    constraint: /\bno[- ]physical\b|\bnon[- ]physical\b|\bdigital[- ]only\b|\bno physical goods\b/i,
    premise: 'the idea lives on one page with nothing physical',
    needs: 'something physical (printed, shipped or handed out in person)',
    breaks:
      /\b(physical|stickers?|flyers?|posters?|printed|print(ing)?|merch(andise)?|t-shirts?|mugs?|hoodies?|billboards?|postcards?|leaflets?|booths?|kiosks?|vending|shipping|ship(ped)?|deliver(y|ed)?|warehouse|store ?front|pop-up shops?|hardware devices?|in[- ]person|conferences?|meetups?|festivals?|trade shows?|launch part(y|ies)|(in-person|real-world|offline|local) events?)\b/i,
    instead: 'Reach people online instead: share cards, links and posts.',
  },
  {
    constraint: /\bno[- ]externalit|\bself[- ]funded\b|\bno outside (money|funding)\b|\bclosed[- ]loop\b/i,
    premise: 'the rewards are paid only from what the players put in',
    needs: 'money from outside the loop (ads, sponsors, grants or investors)',
    breaks:
      /\b(sponsor(s|ed|ship)?|advertis\w*|ads|ad networks?|banner ads?|grants?|investors?|venture capital|vc funding|seed funding|subsid(y|ies|ised|ized)|affiliate|partner brands?|brand deals?|treasury top-ups?|company[- ]funded|marketing budget)\b/i,
    instead: 'Let fees, tips or stakes from the players fill the pool.',
  },
  {
    constraint: /\bno[- ]externalit|\bno personal data\b|\bprivacy\b/i,
    premise: 'the idea asks nothing of its players but a wallet',
    needs: "players' personal data, an externality the idea avoids",
    breaks: /\b(email (list|sign-?ups?|addresses?)|personal data|kyc|identity checks?|phone numbers?|home address(es)?|real names?|id documents?)\b/i,
    instead: 'Identify players by their wallet address only.',
  },
  {
    constraint: /\bsimple[- ]page\b|\bone[- ]page\b|\bsingle[- ]page\b|\bmicro[- ]?site\b/i,
    premise: 'the idea is one simple page',
    needs: 'more than one simple page (an app to install or a site of many pages)',
    breaks:
      /\b(multi[- ]?page|multiple pages|many pages|several pages|native apps?|mobile apps?|ios apps?|android apps?|desktop apps?|app store|play store|browser extensions?|downloads?|install(s|ed|er)?|dashboard suite|admin suite|user forums?)\b/i,
    instead: 'Keep it to the one page, opened from a link.',
  },
  {
    constraint: /\bcrypto\b|\bxno\b|\bnano\b/i,
    premise: 'the rewards are paid in crypto (XNO)',
    needs: 'rewards outside crypto (cash, cards or vouchers)',
    breaks:
      /\b(fiat|cash prizes?|gift cards?|vouchers?|coupons?|store credit|loyalty points|paypal|stripe|credit cards?|bank transfers?|bank accounts?|wire transfers?)\b/i,
    rejects: /^\s*(no|without|non|zero|never)[- ](crypto|xno|nano|tokens?|blockchain)\b|\bfiat[- ]only\b/i,
    instead: 'Pay the rewards in XNO, straight to the players’ wallets.',
  },
  {
    constraint: /\brealistic\b|\bsustainab/i,
    premise: 'the pool can only pay what came in',
    needs: 'a promise a self-funded pool cannot keep',
    breaks:
      /\b(guaranteed (returns?|payouts?|income|profits?)|fixed apy|unlimited (payouts?|rewards?)|always wins?|get rich|double your|risk[- ]free (profits?|returns?)|millions? of users on day one)\b/i,
    instead: 'Promise a share of the pool, never a fixed amount.',
  },
];

/** Words that rule out what follows them in the same clause: 'No ads or trackers', 'Works without an app store'. */
const NEGATION = /\b(no|non|not|without|never|zero|avoid(s|ing)?|nothing|free of|instead of|beyond|only|rather than|replac(e|es|ing))\b/i;

/** Whether `pattern` matches `text` somewhere that no negation earlier in the same clause rules out. */
const namesUnnegated = (text: string, pattern: RegExp) => {
  const global = new RegExp(pattern.source, 'gi');
  for (const match of text.matchAll(global)) {
    const clause =
      text
        .slice(0, match.index)
        .split(/[,;:.()]|\band\b|\bbut\b/i)
        .at(-1) ?? '';
    if (!NEGATION.test(clause)) return true;
  }
  return false;
};

/** Every parameter of the idea, each once, as the audit reads them. */
export const allParameters = (context: AiContext): string[] => [...new Set([...context.parameters, ...Object.values(context.lists).flat()])];

const quoted = (items: readonly string[]) => items.map((item) => `'${item}'`).join(' and ');

const findingOf = (parameter: string, rule: AuditRule, stated: readonly string[]): IncompatibleParameter => {
  const against = stated.length > 0 ? `the project says ${quoted(stated.slice(0, 2))}` : rule.premise;
  return { parameter, reason: `'${parameter}' needs ${rule.needs}, but ${against}. ${rule.instead}` };
};

/** Where a project states its constraints: its tags and the stage 2 lists that are about the loop's rules. */
const constraintsOf = (context: AiContext) => [
  ...context.parameters,
  ...(context.lists.closedLoopParameters ?? []),
  ...(context.lists.sustainabilityParameters ?? []),
  ...(context.lists.externalitiesParameters ?? []),
];

/** The parameters that break one of the idea's constraints, each once, with the first constraint it breaks. */
export const auditOf = (context: AiContext): IncompatibleParameter[] => {
  const parameters = allParameters(context);
  const constraints = constraintsOf(context);
  return parameters.flatMap((parameter) => {
    for (const rule of RULES) {
      const conflicts = rule.rejects?.test(parameter) || namesUnnegated(parameter, rule.breaks);
      if (!conflicts) continue;
      const stated = constraints.filter(
        (other) => other !== parameter && rule.constraint.test(other) && !namesUnnegated(other, rule.breaks) && !rule.rejects?.test(other),
      );
      return [findingOf(parameter, rule, stated)];
    }
    return [];
  });
};

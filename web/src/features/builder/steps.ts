/**
 * What each of the nine builder steps says (spec 02 §2.7): a help text behind the step's help button, the prompt
 * line above its input, and for parameter steps six built-in suggestions shown when the AI fails (spec 02 §8).
 * The step names, categories and word limits are the server's (`builder.steps`, `builder.categories`).
 */
export interface StepText {
  help: string;
  prompt: string;
}

export const STEP_TEXTS: Record<number, StepText> = {
  1: {
    help: 'Describe the one-page site in a sentence or two, say what makes people pass it on, and pick the technology it is built on.',
    prompt: 'What is your viral idea, and why would people share it?',
  },
  2: {
    help: 'A closed loop funds its rewards from inside the system: what participants put in pays those who come after, so the pool never needs outside money.',
    prompt: 'Which principles keep your reward loop funded from inside itself?',
  },
  3: {
    help: 'People share what makes them look good: insider status, rare achievements, being first. Name what sharing your page says about the sharer.',
    prompt: 'What does sharing your idea say about the person who shares it?',
  },
  4: {
    help: 'High-arousal emotions such as awe, excitement, amusement or even anger make people act. Pick the feelings your page should stir.',
    prompt: 'Which emotions should your page trigger?',
  },
  5: {
    help: 'What is built to show, grows: visible counters, badges and public results let people see others taking part.',
    prompt: 'How do people see others using your idea?',
  },
  6: {
    help: 'Useful things get passed on: savings, time won, a skill learned. Name the concrete benefit a visitor gets.',
    prompt: 'What practical value does a visitor take away?',
  },
  7: {
    help: 'Ideas travel inside stories. Think of the narrative a visitor retells: an origin, a rivalry, a winner, a surprise.',
    prompt: 'Which story will people retell about your idea?',
  },
  8: {
    help: 'Everything you chose so far becomes one detailed prompt for building the page. Generate it, read it, then finish.',
    prompt: 'Generate the complete prompt from your choices.',
  },
  9: {
    help: 'Ownership keeps a community going: let participants vote, contribute, earn a share or shape the rules.',
    prompt: 'How does the community own and grow your idea?',
  },
};

/** Six per parameter step, used when the AI answers nothing or fails (spec 02 §8; their text is ours). */
export const FALLBACK_SUGGESTIONS: Record<number, string[]> = {
  1: ['Serverless functions', 'Realtime WebSockets', 'Edge caching', 'Lightning payments', 'Progressive web app', 'Key-value storage'],
  2: ['Entry fees fund rewards', 'Capped payouts', 'Reserve pool buffer', 'Fee recycling', 'Time-locked rewards', 'Transparent ledger'],
  3: [
    'Exclusive early-access badge',
    'Public leaderboard of top sharers',
    'Rare collectible achievements',
    'Insider invite codes',
    'Shareable personal score card',
    'First-to-discover bragging rights',
  ],
  4: [
    'Surprise at instant rewards',
    'Excitement of a growing prize pool',
    'Pride in beating friends',
    'Curiosity about the next level',
    'Joy of giving to others',
    'Fear of missing the round',
  ],
  5: [
    'Live counter of active players',
    'Public wall of recent winners',
    'Shareable result images',
    'Visible badges on profiles',
    'Real-time activity feed',
    'Embeddable widget for other sites',
  ],
  6: [
    'Earn small rewards instantly',
    'Learn how micropayments work',
    'Save time with one-click entry',
    'Free to try without signup',
    'Useful daily tip with each play',
    'Works on any phone',
  ],
  7: [
    'Origin story of the founder',
    'Underdog winner of the week',
    'Friends racing each other',
    'Chain of kindness between strangers',
    'Record-breaking prize moment',
    'Behind-the-scenes build diary',
  ],
  9: [
    'Players vote on new features',
    'Community-funded prize rounds',
    'Share of fees for contributors',
    'Local chapters run their own events',
    'Open rules changed by proposal',
    'Top members moderate together',
  ],
};

/** The step whose parameter failure keeps an empty list with 'Generation failed' (spec 02 §8). */
export const FIRST_STEP = 1;
export const PROMPT_STEP = 8;
export const STEP_COUNT = 9;

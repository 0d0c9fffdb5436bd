import type { BuilderParameterKind, GuidedParameterList } from '@vis/domain';

/**
 * What the offline generator draws from: plausible parameters for each kind, written for this product's ideas
 * (one page, closed-loop crypto rewards, no externalities). Lengths keep to each kind's word range.
 */
export const GUIDED_VOCABULARY: Record<GuidedParameterList, readonly string[]> = {
  viralParameters: [
    'FOMO', 'Scarcity', 'Social proof', 'Curiosity gap', 'Bragging rights', 'Instant reward', 'Reciprocity', 'Friendly competition',
    'Streak pressure', 'Public leaderboard', 'Surprise bonus', 'Shareable result', 'Status badges', 'Countdown timer', 'Insider access',
    'Collective goal', 'Playful challenge', 'Personal milestone', 'Referral bonus', 'Live counter',
  ],
  micrositeParameters: [
    'Million Dollar Homepage', 'The Useless Web', 'Is It Christmas', 'Neal.fun games', 'Place (Reddit)', 'One Million Checkboxes',
    'Zombo.com', 'Make Everything OK', 'Pointer Pointer', 'The Button', 'Wordle', 'Eel Slap', 'Staggering Beauty', 'Hacker Typer',
    'Window Swap', 'Radio Garden',
  ],
  closedLoopParameters: [
    'Fee-funded pool', 'Self-funded rewards', 'Daily pool split', 'No outside funding', 'Contribution matching', 'Pool reinvestment',
    'Capped payouts', 'Transparent ledger', 'Rolling 24h window', 'Fee recycling', 'Reserve buffer', 'Proportional rewards',
    'Burn-free economy', 'Internal liquidity', 'Balanced inflow outflow',
  ],
  techParameters: [
    'XNO payments', 'Nano wallet', 'Static page', 'WebSockets', 'Serverless API', 'Edge functions', 'QR codes', 'Local storage',
    'Instant settlement', 'Public ledger', 'Webhook callbacks', 'Progressive web app', 'CDN hosting', 'Key-value store', 'Server-sent events',
    'Rate limiting',
  ],
  challengeParameters: [
    'Bot and sybil abuse', 'Pool drained by whales', 'Novelty wears off quickly', 'Wallet onboarding friction', 'Regulatory uncertainty for rewards',
    'Low early liquidity', 'Spam contributions', 'Keeping the page simple', 'Trust in payouts', 'Price swings of XNO',
    'Cold start with no users', 'Fair reward distribution',
  ],
  rewardSourceParameters: [
    '1.5% transaction fee', 'Share of new contributions', 'Entry tips into the pool', 'Small play fee per round', 'Voluntary donations to the pool',
    'Fees on boosted posts', 'Listing fee for featured spots', 'Round entry stakes', 'Tips between players', 'Unclaimed rewards rolled over',
  ],
  rewardFlowParameters: [
    'Daily 10% pool payout', 'Instant micro-payouts per action', 'Weekly top-contributor split', 'Proportional to contribution size',
    'Random lucky-draw winner', 'Streak-based payout multiplier', 'Referrer and referee share', 'Leaderboard tiers share the pool',
    'Claim window then roll over', 'Equal split among participants',
  ],
  sustainabilityParameters: [
    'Payouts capped by pool', 'Fees exceed payouts', 'Reserve buffer', 'No external subsidy', '24h rolling window', 'Transparent balance',
    'Dynamic reward rate', 'Minimum pool floor', 'Growth-independent rewards', 'Audit trail', 'Anti-whale cap', 'Self-balancing fees',
  ],
  externalitiesParameters: [
    'No physical goods involved', 'No third-party sponsors needed', 'No personal data collected', 'No ads or trackers',
    'No custody of user funds', 'No off-platform obligations', 'Runs without a company', 'Open rules anyone can check',
    'No dependence on exchanges', 'Nothing to ship or store',
  ],
  audienceTypeParameters: [
    'Crypto newcomers', 'Nano enthusiasts', 'Casual gamers', 'Content creators', 'Students', 'Tipping communities', 'Meme communities',
    'Indie hackers', 'Streamers and viewers', 'Puzzle fans', 'Micro-earners', 'Social media sharers',
  ],
  audienceMotivationParameters: [
    'Earn small instant rewards', 'Show off on leaderboards', 'Be part of something', 'Try crypto without risk', 'Beat their friends',
    'Support creators they like', 'Kill a few spare minutes', 'Collect streaks and badges', 'Discover a quirky site first',
    'Help the pool grow', 'Win a daily draw',
  ],
  audienceReachParameters: [
    'Share cards with live pool size', 'Referral links that split rewards', 'Post results to social media', 'Nano community forums and chats',
    'Creators embed the page in streams', 'Daily winner announcement posts', 'QR codes at meetups and events', 'Challenge a friend by link',
    'Submit to link aggregators and showcases', 'Short video of big payouts',
  ],
};

export const BUILDER_VOCABULARY: Record<BuilderParameterKind, readonly string[]> = {
  viralTrigger: GUIDED_VOCABULARY.viralParameters,
  coreTechnology: GUIDED_VOCABULARY.techParameters,
  sustainabilityPrinciple: GUIDED_VOCABULARY.closedLoopParameters,
  emotionalTriggers: ['Joy', 'Pride', 'Surprise', 'Belonging', 'Anticipation', 'Awe', 'Amusement', 'Nostalgia', 'Relief', 'Curiosity', 'Triumph', 'Gratitude'],
  publicVisibility: [
    'Live counter of total payouts', 'Public wall of recent winners', 'Shareable badge for every milestone', 'Leaderboard visible to every visitor',
    'Auto-generated share card after playing', 'Ticker of contributions as they happen', 'Profile pages anyone can link to',
    'Embeddable widget for other sites', 'Daily recap post with top players',
  ],
  narrativeElements: [
    'Underdog wins big', 'Pool that never empties', 'Community beats the odds', 'First-day pioneers', 'The lucky newcomer',
    'Streak against all odds', 'Everyone chips in', 'From tip to jackpot', 'Mystery of the pool', 'Rivals become friends',
  ],
  practicalBenefits: [
    'Earn while you browse', 'Instant payouts, no fees', 'No sign-up needed', 'Learn crypto by doing', 'Works on any phone',
    'Two minutes a day', 'Tip creators effortlessly', 'Transparent odds and payouts', 'Small wins add up',
  ],
  socialCurrency: [
    'Exclusive early-player badge', 'Top contributor title shown publicly', 'Rare streak achievement to share', 'Invite-only round for regulars',
    'Name on the winners wall', 'Founding member mark on profile', 'Insider tips for daily players', 'Limited edition milestone card',
  ],
  communityOwnership: [
    'Players vote on reward rules', 'Community proposes weekly challenges', 'Open ledger everyone can audit', 'Regulars moderate the wall',
    'Contributors decide pool split', 'Fork-friendly open source page', 'Members name the next round', 'Shared goals unlock features',
  ],
};

/** Prefixes that make new, still plausible parameters once a kind's own list runs out. */
export const VARIANT_PREFIXES = ['Daily', 'Instant', 'Public', 'Shared', 'Weekly', 'Mini', 'Open', 'Fair', 'Live', 'Micro'] as const;

/** Words a core idea is summarised by (most telling first) leave these out. */
export const STOP_WORDS = new Set(
  'a an and are as at be by for from has have in into is it its of on or that the their them they this to was were will with where which who you your our we can page site one simple viral idea crypto xno rewards reward'.split(
    ' ',
  ),
);

import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { projectDecider } from '../project/decide.ts';
import { initialProjectState } from '../project/state.ts';
import { builderCoreIdeaChanged, builderCreated, builderParameterAdded, builderViralMechanicsChanged } from '../testing/project-builder-fixtures.ts';
import { owner as projectOwner, parameterAdded, projectCreated, stageNotesUpdated } from '../testing/project-fixtures.ts';
import { ideaCommandSchemas, publishIdeaBodySchema } from './commands.ts';
import { MAX_IDEA_TEXT_LENGTH, MAX_IDEA_TITLE_LENGTH } from './constants.ts';
import { ideaDecider } from './decide.ts';
import { IDEA_EVENT_TYPES, ideaEventSchemas, ideaStreamId, type IdeaEvent } from './events.ts';
import { at, editIdea, likeIdea, mergeLiker, owner, publishIdea, transferIdea, unlikeIdea, unpublishIdea, viewIdea } from './fixtures.ts';
import { publishSourceOf } from './publish-source.ts';

describe('idea event and command schemas', () => {
  const commands = [
    publishIdea({ imageUrl: 'https://example.com/a.png' }),
    viewIdea(),
    likeIdea(),
    mergeLiker('user-mallory', 'user-mallory'),
    likeIdea('visitor-v'),
    mergeLiker('user-u', 'visitor-v', []),
    viewIdea(owner, at(61)),
    transferIdea('user-ann'),
    unlikeIdea('user-u', undefined, { alsoKnownAs: ['visitor-v'] }),
    editIdea({ title: 'Tip Wall' }, 'user-ann'),
    unpublishIdea('user-ann'),
  ];
  // Each command decided on the state the earlier ones left, as the command handler does.
  const { events } = commands.reduce(
    ({ state, events }, command) => {
      const decided = ideaDecider.decide(command, state);
      return { state: decided.reduce(ideaDecider.evolve, state), events: [...events, ...decided] };
    },
    { state: ideaDecider.initialState(), events: [] as IdeaEvent[] },
  );

  it('accept every event the decider produces, unchanged', () => {
    expect(new Set(events.map((event) => event.type))).toEqual(new Set(IDEA_EVENT_TYPES));
    for (const event of events) expect(ideaEventSchemas[event.type].parse(event.data)).toEqual(event.data);
  });

  it('accept every command the decider is given', () => {
    for (const command of commands) expect(ideaCommandSchemas[command.type].parse(command.data)).toEqual(command.data);
  });

  it('name one stream per idea', () => expect(ideaStreamId('abc')).toBe('idea-abc'));
});

describe('the publish payload', () => {
  const problem = (body: unknown) => {
    const result = publishIdeaBodySchema.safeParse(body);
    return result.success ? null : { path: result.error.issues[0]!.path.join('.'), message: result.error.issues[0]!.message };
  };

  it("takes the spec's fields with only the project id required", () => {
    expect(problem({ projectId: 'p-1' })).toBeNull();
    expect(
      problem({
        projectId: 'p-1',
        title: 'T',
        coreIdea: 'C',
        viralTriggers: 'V',
        techFramework: 'F',
        sustainability: 'S',
        description: 'D',
        imageUrl: null,
      }),
    ).toBeNull();
  });

  it.each([
    ['no project id', {}, 'projectId', 'must be the id of one of your projects'],
    [
      'a title too long',
      { projectId: 'p', title: 'x'.repeat(MAX_IDEA_TITLE_LENGTH + 1) },
      'title',
      `must be at most ${MAX_IDEA_TITLE_LENGTH} characters`,
    ],
    [
      'a core idea too long',
      { projectId: 'p', coreIdea: 'x'.repeat(MAX_IDEA_TEXT_LENGTH + 1) },
      'coreIdea',
      `must be at most ${MAX_IDEA_TEXT_LENGTH} characters`,
    ],
    ['a list where text belongs', { projectId: 'p', viralTriggers: ['a'] }, 'viralTriggers', 'must be text'],
    ['an image that is not a web address', { projectId: 'p', imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'must be an https:// address'],
    ['an image over plain http', { projectId: 'p', imageUrl: 'http://example.com/a.png' }, 'imageUrl', 'must be an https:// address'],
    [
      'a title that reads backwards',
      { projectId: 'p', title: 'Free \u202Egnp.exe' },
      'title',
      'must not contain control, direction-override or invisible characters',
    ],
    ['a title on two lines', { projectId: 'p', title: 'Tip\nJar' }, 'title', 'must not contain control, direction-override or invisible characters'],
  ])('refuses %s, naming the field', (_, body, path, message) => expect(problem(body)).toEqual({ path, message }));

  it('refuses an unknown field', () =>
    expect(publishIdeaBodySchema.safeParse({ projectId: 'p', likes: 99 }).error?.issues[0]?.code).toBe('unrecognized_keys'));
});

describe('publishSourceOf', () => {
  it('suggests the final concept name as the title, else the chosen name, else the first line of the core idea (issue 26)', () => {
    const created = projectCreated({ name: 'New Viral Idea', coreIdea: 'Fans tip creators\nwith a twist' });
    expect(publishSourceOf(fold(projectDecider, [created]))?.title).toBe('Fans tip creators');
    expect(publishSourceOf(fold(projectDecider, [created, stageNotesUpdated(5, { finalConceptName: 'Daily Roast Pool' }, {})]))?.title).toBe(
      'Daily Roast Pool',
    );
    expect(publishSourceOf(fold(projectDecider, [projectCreated({ name: 'Tip Jar', coreIdea: 'Fans tip' })]))?.title).toBe('Tip Jar');
  });

  it("offers the project's owner, name, core idea and the text forms of its lists", () => {
    const state = fold(projectDecider, [
      projectCreated({ name: 'Tip Jar', coreIdea: 'Fans tip creators' }),
      parameterAdded({ list: 'viralParameters', value: 'scarcity' }),
      parameterAdded({ list: 'viralParameters', value: 'social proof' }),
      parameterAdded({ list: 'techParameters', value: 'static page' }),
      parameterAdded({ list: 'closedLoopParameters', value: 'tips fund the page' }),
      parameterAdded({ list: 'sustainabilityParameters', value: 'no ads' }),
    ]);
    expect(publishSourceOf(state)).toEqual({
      ownerId: projectOwner,
      title: 'Tip Jar',
      coreIdea: 'Fans tip creators',
      viralTriggers: 'scarcity, social proof',
      techFramework: 'static page',
      sustainability: 'tips fund the page, no ads',
    });
  });

  it("offers a builder project's core idea, viral mechanics, technical framework and sustainability", () => {
    const state = fold(projectDecider, [
      builderCreated({ name: 'Tip Wall' }),
      builderCoreIdeaChanged('A wall of tips'),
      builderViralMechanicsChanged('Every tip is shown'),
      builderParameterAdded('technical', 'Workers'),
      builderParameterAdded('technical', 'KV', { activated: false }),
      builderParameterAdded('sustainability', 'Fees fund payouts'),
    ]);
    expect(publishSourceOf(state)).toEqual({
      ownerId: projectOwner,
      title: 'A wall of tips',
      coreIdea: 'A wall of tips',
      viralTriggers: 'Every tip is shown',
      techFramework: 'Workers, KV',
      sustainability: 'Fees fund payouts',
    });
  });

  const page = (headline: string, cta: string) => ({ headline, visualDescription: 'A glowing wall', cta, explanation: '', otherElements: [] });

  it("describes a refined project by its pitch and description, then the page's headline and call to action", () => {
    const state = fold(projectDecider, [
      projectCreated({ name: 'Tip Jar', coreIdea: 'Fans tip creators' }),
      stageNotesUpdated(
        5,
        {
          oneLinerPitch: 'Tips that pay back daily',
          detailedDescription: 'Every tip joins a pool.',
          webpageElements: page('Tip. Win.', 'Leave a tip'),
        },
        {},
      ),
    ]);
    expect(publishSourceOf(state)?.description).toBe(
      'Tips that pay back daily\n\nEvery tip joins a pool.\n\nHeadline: Tip. Win.\nCall to action: Leave a tip',
    );
  });

  it('puts the core idea before the headline when there is no pitch or description, and offers none without stage 5', () => {
    const created = projectCreated({ name: 'Tip Jar', coreIdea: 'Fans tip creators' });
    expect(
      publishSourceOf(fold(projectDecider, [created, stageNotesUpdated(5, { webpageElements: page('', 'Leave a tip') }, {})]))?.description,
    ).toBe('Fans tip creators\n\nCall to action: Leave a tip');
    expect(publishSourceOf(fold(projectDecider, [created]))).not.toHaveProperty('description');
  });

  it('cuts a long description so that the headline and call to action still fit the listing', () => {
    const state = fold(projectDecider, [
      projectCreated({ name: 'Tip Jar', coreIdea: 'Fans tip creators' }),
      stageNotesUpdated(5, { detailedDescription: 'x'.repeat(MAX_IDEA_TEXT_LENGTH), webpageElements: page('Tip. Win.', 'Leave a tip') }, {}),
    ]);
    const description = publishSourceOf(state)?.description ?? '';
    expect(description).toHaveLength(MAX_IDEA_TEXT_LENGTH);
    expect(description.endsWith('…\n\nHeadline: Tip. Win.\nCall to action: Leave a tip')).toBe(true);
  });

  it('offers nothing for a project that does not exist', () => expect(publishSourceOf(initialProjectState())).toBeNull());
});

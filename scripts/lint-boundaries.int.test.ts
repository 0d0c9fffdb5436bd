// The architecture rules of eslint.config.js really fail: each forbidden import below must be reported.
// Type-aware rules are switched off here (no TypeScript program to build), so this stays fast.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' || ruleId === 'no-restricted-syntax' || ruleId.startsWith('vis/'),
});

const reported = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId);
};

describe('architecture boundaries', () => {
  it('query-api never imports command-api, tests included', async () => {
    expect(
      await reported('query-api/src/x.ts', "import { createCommandApi } from '@vis/command-api';\nexport const x = createCommandApi;\n"),
    ).toContain('no-restricted-imports');
    expect(
      await reported('query-api/src/x.int.test.ts', "import { createCommandApi } from '@vis/command-api';\nexport const x = createCommandApi;\n"),
    ).toContain('no-restricted-imports');
  });

  it('domain imports zod only', async () => {
    expect(await reported('domain/src/x.ts', "import Koa from 'koa';\nexport const x = Koa;\n")).toContain('no-restricted-imports');
    expect(await reported('domain/src/x.ts', "import { z } from 'zod';\nexport const x = z;\n")).toEqual([]);
  });

  it('infrastructure never imports a service', async () => {
    expect(
      await reported('infrastructure/src/x.ts', "import { projectsProjection } from '@vis/projections';\nexport const x = projectsProjection;\n"),
    ).toContain('no-restricted-imports');
  });

  it('a web feature never imports another feature nor app/', async () => {
    expect(await reported('web/src/features/a/x.ts', "import { y } from '../b/x.ts';\nexport const x = y;\n")).toContain('vis/web-layers');
    expect(await reported('web/src/features/a/components/x.ts', "import { y } from '../../../app/router.tsx';\nexport const x = y;\n")).toContain(
      'vis/web-layers',
    );
    expect(
      await reported(
        'web/src/features/a/components/x.ts',
        "import { y } from '../../../lib/cn.ts';\nimport { z } from '../hooks/z.ts';\nexport const x = [y, z];\n",
      ),
    ).toEqual([]);
  });

  it('a bounded cache is never a Map trimmed by its oldest key (O(deleted entries) in V8)', async () => {
    const trimmed =
      'const seen = new Map<string, number>();\nexport const add = (key: string) => {\n  seen.set(key, 1);\n  if (seen.size > 10) seen.delete(seen.keys().next().value!);\n};\n';
    expect(await reported('projections/src/engine/x.ts', trimmed)).toContain('no-restricted-syntax');
    expect(
      await reported('projections/src/engine/x.ts', 'const keys = new Map<string, number>().keys();\nexport const first = keys.next();\n'),
    ).toEqual([]);
  });

  it('production code never imports a testing module', async () => {
    expect(
      await reported('command-api/src/x.ts', "import { openTestStores } from '@vis/infrastructure/testing';\nexport const x = openTestStores;\n"),
    ).toContain('vis/no-testing-in-production');
    expect(await reported('infrastructure/src/index.ts', "export * from './testing/embedded-stores.ts';\n")).toContain(
      'vis/no-testing-in-production',
    );
    expect(
      await reported(
        'command-api/src/x.int.test.ts',
        "import { openTestStores } from '@vis/infrastructure/testing';\nexport const x = openTestStores;\n",
      ),
    ).toEqual([]);
  });

  it("never reaches into another package's files by a relative path", async () => {
    expect(await reported('web/src/lib/flow/x.ts', "import { y } from '../../../../domain/src/ai/flow-stages.ts';\nexport const x = y;\n")).toContain(
      'vis/no-relative-packages',
    );
    expect(await reported('query-api/src/x.ts', "import { y } from '../../server/testing/command-query-stack.ts';\nexport const x = y;\n")).toContain(
      'vis/no-relative-packages',
    );
    expect(await reported('query-api/src/projects/x.ts', "import { y } from '../live/z.ts';\nexport const x = y;\n")).toEqual([]);
  });
});

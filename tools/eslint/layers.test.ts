import { RuleTester } from 'eslint';
import { resolve } from 'node:path';
import { describe, it } from 'vitest';
// @ts-expect-error the ESLint configuration is plain JavaScript
import { layers } from './layers.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });
const at = (path: string) => resolve(process.cwd(), 'src', path);

tester.run('layers/import-zones', layers.rules['import-zones'], {
  valid: [
    { filename: at('features/mfa/MfaList.page.tsx'), code: "import { x } from './factorKinds';" },
    { filename: at('features/mfa/wizards/AppWizard.tsx'), code: "import { x } from '../factorKinds';" },
    { filename: at('features/mfa/MfaList.page.tsx'), code: "import { x } from '../../shared/ui/toast';" },
    { filename: at('features/mfa/MfaList.page.tsx'), code: "import { x } from '@mantine/core';" },
    { filename: at('features/security-overview/overviewItems.ts'), code: "import { x } from '../mfa/mfaRows';" },
    { filename: at('features/secure-account/SecureAccount.page.tsx'), code: "import { x } from '../mfa/MfaMethods';" },
    { filename: at('routes/_authenticated/profile/mfa/index.tsx'), code: "import { x } from '../../../../features/mfa/MfaList.page';" },
    { filename: at('features/profile/ProfileDetails.test.tsx'), code: "import { x } from '../identities/linkState';" },
    { filename: at('app/Header.tsx'), code: "import { x } from '../shared/ui/afterPaint';" },
  ],
  invalid: [
    {
      filename: at('features/login-log/LoginLog.page.tsx'),
      code: "import { x } from '../secure-account/visit';",
      errors: [{ messageId: 'otherFeature' }],
    },
    { filename: at('features/profile/Overview.tsx'), code: "import { x } from '../mfa/mfaRows';", errors: [{ messageId: 'otherFeature' }] },
    {
      filename: at('features/mfa/wizards/AppWizard.tsx'),
      code: "export { x } from '../../identities/socialLink';",
      errors: [{ messageId: 'otherFeature' }],
    },
    {
      filename: at('features/mfa/MfaList.page.tsx'),
      code: "const m = import('../question/questionFactor');",
      errors: [{ messageId: 'otherFeature' }],
    },
    { filename: at('features/mfa/MfaList.page.tsx'), code: "import { Route } from '../../routes/__root';", errors: [{ messageId: 'upward' }] },
    { filename: at('shared/ui/PageTitle.tsx'), code: "import { x } from '../../features/profile/profile';", errors: [{ messageId: 'upward' }] },
    { filename: at('features/mfa/MfaList.page.tsx'), code: "import { x } from '../../app/Header';", errors: [{ messageId: 'upward' }] },
    { filename: at('shared/ui/PageTitle.tsx'), code: "import { x } from '../../app/navigation';", errors: [{ messageId: 'upward' }] },
    { filename: at('app/Header.tsx'), code: "import { x } from '../features/profile/profile';", errors: [{ messageId: 'upward' }] },
    { filename: at('messages/t.ts'), code: "import { x } from '../features/mfa/factorKinds';", errors: [{ messageId: 'upward' }] },
  ],
});

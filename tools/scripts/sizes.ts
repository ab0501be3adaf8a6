// `npm run sizes`: the lines of the app and of the workshop around it, each with its tests,
// counted over the files git tracks (generated code is neither: orval's and the router's).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
const isTest = (file: string) => /\.(test|spec|bench)\.[jt]sx?$/.test(file) || file.startsWith('tests/');
const CODE = /\.([cm]?[jt]sx?|css|sh|json|yaml|yml)$|(^|\/)(Dockerfile|run|install-debian)$/;

/** The parts counted, in the order printed; no file falls in two. */
const PARTS: Array<[name: string, takes: (file: string) => boolean]> = [
  ['app', (file) => file.startsWith('src/') && !isTest(file) && file !== 'src/routeTree.gen.ts'],
  ["app's unit and component tests (and the CSV export's benchmark)", (file) => file.startsWith('src/') && isTest(file)],
  [
    'workshop: tools, mock, CI, configs',
    (file) =>
      /^(tools|mock|\.ci)\//.test(file)
        ? !isTest(file)
        : !file.includes('/') && CODE.test(file) && !/^(openapi\.yaml|package-lock\.json)$/.test(file),
  ],
  ["workshop's own tests", (file) => /^(tools|mock)\//.test(file) && isTest(file)],
  ['end-to-end, engines and contract tests (tests/)', (file) => file.startsWith('tests/')],
];

const lines = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;
const counted = PARTS.map(
  ([name, takes]) => [name, files.filter((file) => CODE.test(file) && takes(file)).reduce((sum, file) => sum + lines(file), 0)] as const,
);
for (const [name, count] of counted) console.log(`${String(count).padStart(7)}  ${name}`);
const app = counted[0]![1];
const workshop = counted[2]![1] + counted[3]![1] + counted[4]![1];
console.log(`workshop (with every test outside src/) / app: ${(workshop / app).toFixed(2)}`);

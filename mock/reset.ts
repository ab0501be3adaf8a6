// `npm run mock:reset [persona]`: the remembering mock forgets what was changed, without a
// restart: for every persona, or only the one named (new-user, full).
const port = process.env.MOCK_STATE_PORT ?? '4011';
const persona = process.argv[2];
const url = `http://127.0.0.1:${port}/__mock/reset${persona ? `?persona=${encodeURIComponent(persona)}` : ''}`;
try {
  // A JSON body: the mock forgets only for its own tools and page (mock/devRequest.ts).
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  const body = await response.json();
  if (!response.ok) throw new Error(body.errorMessage);
  console.log(`mock:reset: ${body.reset} back to the contract's examples`);
} catch (error) {
  console.error(`mock:reset: ${error instanceof Error ? error.message : error} (is \`npm start\` running, without --stateless?)`);
  process.exitCode = 1;
}

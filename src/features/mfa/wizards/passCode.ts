/**
 * The code typed to finish an enrollment, as sent: trimmed. Where the spec asks for one (SMS and
 * voice call), a blank code is 'required' ("This field cannot be left blank"); the other wizards
 * send what was typed and let the server judge it.
 */
export function checkPassCode(typed: string, { required }: { required: boolean }): { passCode: string } | { error: 'required' } {
  const passCode = typed.trim();
  if (required && passCode === '') return { error: 'required' };
  return { passCode };
}

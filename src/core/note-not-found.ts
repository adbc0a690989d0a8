// Its own module so surfaces that only need to recognise the error (CLI exit codes, the plugin's write tools)
// do not pull the whole Brain (parser, YAML, verb patterns) into their bundle.
import { BrainError } from './errors';
export class NoteNotFoundError extends BrainError {
  constructor(
    readonly name_: string,
    readonly suggestions: string[],
  ) {
    super('note_not_found', `no note named "${name_}"` + (suggestions.length > 0 ? `; did you mean: ${suggestions.join(', ')}?` : ''));
    this.name = 'NoteNotFoundError';
  }
}

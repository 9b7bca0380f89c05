// Our wording: the spec names only the toast ('Ha ocurrido un error al intentar agendar').
/** Stays on the step after a hold or a move was refused because someone else took the time. */
export const BLOCK_TAKEN_MESSAGE = 'Ese horario acaba de ser tomado por otra persona. Elige otro.';

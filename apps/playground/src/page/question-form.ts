/** A question `ask_user_question` put to the person. */
export interface PageQuestion {
  readonly question: string;
  readonly options: readonly string[];
}

/**
 * The small form `ask_user_question` shows: the question, one button per suggested
 * answer, a free-text answer and "No answer". `onAnswer` gets the answer (`null`: none)
 * once; the form then removes itself.
 */
export function createQuestionForm(question: PageQuestion, onAnswer: (answer: string | null) => void): HTMLFormElement {
  const form = document.createElement('form');
  form.className = 'question';
  const text = document.createElement('p');
  text.textContent = `ask_user_question: ${question.question}`;
  const input = document.createElement('input');
  input.name = 'answer';
  input.placeholder = 'your answer';
  const send = (answer: string | null): void => {
    form.remove();
    onAnswer(answer);
  };
  const button = (label: string, answer: () => string | null): HTMLButtonElement => {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = label;
    element.addEventListener('click', () => send(answer()));
    return element;
  };
  const submit = document.createElement('button');
  submit.textContent = 'Answer';
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    send(input.value);
  });
  form.append(text, ...question.options.map((option) => button(option, () => option)), input, submit, button('No answer', () => null));
  return form;
}

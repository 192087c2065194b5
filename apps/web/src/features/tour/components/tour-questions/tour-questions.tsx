import { Collapse } from '@gallop/ui-kit';
import type { Tour } from '../../api';

/** Frequently asked questions, each a disclosure (WAI-ARIA accordion pattern). */
export function TourQuestions({ questions }: { questions: NonNullable<Tour['questions']> }) {
  return (
    <div className="tour-questions">
      {questions.map((question) => (
        <Collapse key={question.id} title={question.question} headingLevel={3}>
          <p className="tour-questions__answer">{question.answer}</p>
        </Collapse>
      ))}
    </div>
  );
}

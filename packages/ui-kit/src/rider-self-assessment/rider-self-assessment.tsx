import '../tokens/tokens.css';
import './rider-self-assessment.css';
import {
  LEVEL_DEFINITIONS,
  PASSPORT_LIMITS,
  SELF_ASSESSMENT_QUESTIONS,
  proposeLevel,
  type RiderLevel,
  type SelfAssessment,
} from '@gallop/rider-fit';
import { useId, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { Button } from '../button/button';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';
import { clamp, NumberInput, parseNumber } from '../number-input/number-input';
import { RiderLevelBadge } from '../rider-level/rider-level';

/** The questions answered by choosing one of three answers, in the order asked. */
export const SELF_ASSESSMENT_PACES = ['walk', 'trot', 'canter', 'gallop'] as const;

type AssessedPace = (typeof SELF_ASSESSMENT_PACES)[number];

/** The pace questions' wording (default SELF_ASSESSMENT_QUESTIONS), for translations. */
export type SelfAssessmentQuestionTexts = {
  [Pace in AssessedPace]: { question: string; answers: Record<SelfAssessment[Pace], string> };
};

export interface RiderSelfAssessmentTexts {
  /** Above the proposed level. */
  proposal: string;
  useLevel: string;
  /** After the hours input. */
  hoursUnit: string;
  /** What each unanswered question is about, for the hint. */
  topics: Record<keyof SelfAssessment, string>;
  /** The hint while answers are missing. */
  missing: (topics: string[]) => string;
}

export const RIDER_SELF_ASSESSMENT_TEXTS: Readonly<RiderSelfAssessmentTexts> = {
  proposal: 'Your level',
  useLevel: 'Use this level',
  hoursUnit: 'hours a day',
  topics: {
    walk: 'walking',
    trot: 'trotting',
    canter: 'cantering',
    gallop: 'galloping',
    hoursUsedTo: 'your hours in the saddle',
  },
  missing: (topics) =>
    `To see your level, answer the ${topics.length === 1 ? 'question' : 'questions'} on ${new Intl.ListFormat('en', { type: 'conjunction' }).format(topics)}.`,
};

/** Native props, `className`, `style` and `ref` go to the root `<div>`. */
export interface RiderSelfAssessmentProps extends NativeProps<'div'> {
  /** Called with the proposed level when the rider takes it. */
  onUseLevel: (level: RiderLevel) => void;
  /** Answers to start from, e.g. the rider's last ones. */
  defaultAnswers?: Partial<SelfAssessment>;
  /** Default SELF_ASSESSMENT_QUESTIONS.hoursUsedTo.question. */
  hoursLabel?: string;
  questions?: SelfAssessmentQuestionTexts;
  texts?: Partial<RiderSelfAssessmentTexts>;
}

type Answers = Partial<SelfAssessment>;

const { min: HOURS_MIN, max: HOURS_MAX } = PASSPORT_LIMITS.hoursPerDay;

/**
 * The hours as typed, before the input commits them on blur: clamped as the commit will be, or
 * `undefined` while the text is no number. Characters the input drops do not count.
 */
function typedHours(text: string): number | undefined {
  const parsed = parseNumber(text.replace(/[^\d.,-]/g, ''));
  return parsed === null ? undefined : clamp(parsed, HOURS_MIN, HOURS_MAX);
}

function complete(answers: Answers): SelfAssessment | null {
  const { walk, trot, canter, gallop, hoursUsedTo } = answers;
  if (!walk || !trot || !canter || !gallop || hoursUsedTo === undefined) return null;
  return { walk, trot, canter, gallop, hoursUsedTo };
}

function PaceQuestion<Pace extends AssessedPace>({
  pace,
  texts,
  value,
  onChange,
}: {
  pace: Pace;
  texts: SelfAssessmentQuestionTexts[Pace];
  value: SelfAssessment[Pace] | undefined;
  onChange: (value: SelfAssessment[Pace]) => void;
}) {
  const answers = Object.entries(texts.answers) as [SelfAssessment[Pace], string][];
  return (
    <RadioGroup
      className="gk-self-assessment__question"
      value={value ?? null}
      onChange={(next) => onChange(next as SelfAssessment[Pace])}
      data-pace={pace}
    >
      <Label className="gk-self-assessment__label">{texts.question}</Label>
      <div className="gk-self-assessment__options">
        {answers.map(([answer, text]) => (
          <Radio key={answer} value={answer} className="gk-self-assessment__option">
            <span className="gk-self-assessment__dot" aria-hidden="true" />
            {text}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

/**
 * Five questions (walk, trot, canter, gallop, hours in the saddle) that propose a rider level
 * with `proposeLevel`: the level shows as soon as every question is answered and follows each
 * change; "Use this level" hands it to the page.
 *
 * **Usage.** Do offer it when a traveller fills in the rider passport or is unsure of their level,
 * starting from `defaultAnswers` when they have answered before. Don't save the proposed level
 * until they press 'Use this level', and don't present it as a test they can fail.
 */
export function RiderSelfAssessment({
  onUseLevel,
  defaultAnswers = {},
  hoursLabel = SELF_ASSESSMENT_QUESTIONS.hoursUsedTo.question,
  questions = SELF_ASSESSMENT_QUESTIONS,
  texts: custom,
  className,
  ...rest
}: RiderSelfAssessmentProps) {
  const texts = { ...RIDER_SELF_ASSESSMENT_TEXTS, ...custom };
  const [committed, setAnswers] = useState<Answers>(defaultAnswers);
  // What the hours field holds while it has focus: "Use this level" is enabled as the hours are
  // typed, so Tab from the field reaches it (a disabled button is skipped).
  const [typing, setTyping] = useState<{ hours: number | undefined } | null>(null);
  const answers: Answers = typing ? { ...committed, hoursUsedTo: typing.hours } : committed;
  const hoursId = useId();
  const hintId = useId();
  const answered = complete(answers);
  const level = answered && proposeLevel(answered);
  const missing = [...SELF_ASSESSMENT_PACES, 'hoursUsedTo' as const].filter(
    (topic) => answers[topic] === undefined,
  );
  const answer = <Key extends keyof SelfAssessment>(key: Key, value: Answers[Key]) =>
    setAnswers((current) => ({ ...current, [key]: value }));

  return (
    <div {...rest} className={cx('gk-self-assessment', className)}>
      {SELF_ASSESSMENT_PACES.map((pace) => (
        <PaceQuestion
          key={pace}
          pace={pace}
          texts={questions[pace]}
          value={answers[pace]}
          onChange={(value) => answer(pace, value)}
        />
      ))}
      <div className="gk-self-assessment__question">
        <label className="gk-self-assessment__label" htmlFor={hoursId}>
          {hoursLabel}
        </label>
        <div className="gk-self-assessment__hours">
          <NumberInput
            id={hoursId}
            className="gk-self-assessment__hours-input"
            value={committed.hoursUsedTo ?? null}
            min={HOURS_MIN}
            max={HOURS_MAX}
            step={0.5}
            onInput={(event) => setTyping({ hours: typedHours(event.currentTarget.value) })}
            onChange={(hours) => {
              setTyping(null);
              answer('hoursUsedTo', hours ?? undefined);
            }}
            onBlur={() => setTyping(null)}
          />
          <span aria-hidden="true">{texts.hoursUnit}</span>
        </div>
      </div>
      <div className="gk-self-assessment__result">
        <div className="gk-self-assessment__proposal" role="status" id={hintId}>
          {level ? (
            <>
              <p className="gk-self-assessment__proposal-title">{texts.proposal}</p>
              <RiderLevelBadge level={level} />
              <p className="gk-self-assessment__summary">{LEVEL_DEFINITIONS[level].summary}</p>
            </>
          ) : (
            <p className="gk-self-assessment__hint">
              {texts.missing(missing.map((topic) => texts.topics[topic]))}
            </p>
          )}
        </div>
        <Button
          theme="primary"
          disabled={!level}
          aria-describedby={level ? undefined : hintId}
          onClick={() => level && onUseLevel(level)}
        >
          {texts.useLevel}
        </Button>
      </div>
    </div>
  );
}

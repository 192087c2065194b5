import { SELF_ASSESSMENT_QUESTIONS } from '@gallop/rider-fit';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RiderSelfAssessment } from './rider-self-assessment';

const Q = SELF_ASSESSMENT_QUESTIONS;

async function choose(question: string, answer: string) {
  const group = screen.getByRole('radiogroup', { name: question });
  await userEvent.click(within(group).getByRole('radio', { name: answer }));
}

async function typeHours(hours: string) {
  const input = screen.getByRole('spinbutton', { name: Q.hoursUsedTo.question });
  await userEvent.clear(input);
  await userEvent.type(input, `${hours}{Enter}`);
}

describe('RiderSelfAssessment', () => {
  it('asks the five questions and waits for every answer', () => {
    render(<RiderSelfAssessment onUseLevel={vi.fn()} />);
    for (const pace of ['walk', 'trot', 'canter', 'gallop'] as const) {
      const group = screen.getByRole('radiogroup', { name: Q[pace].question });
      expect(
        within(group)
          .getAllByRole('radio')
          .map((radio) => radio.closest('label')?.textContent),
      ).toEqual(Object.values(Q[pace].answers));
    }
    expect(screen.getByRole('spinbutton', { name: Q.hoursUsedTo.question })).toHaveValue('');
    const button = screen.getByRole('button', { name: 'Use this level' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'To see your level, answer the questions on walking, trotting, cantering, galloping, and your hours in the saddle.',
    );
  });

  it('proposes the level live and hands it over', async () => {
    const onUseLevel = vi.fn();
    render(<RiderSelfAssessment onUseLevel={onUseLevel} />);
    await choose(Q.walk.question, Q.walk.answers.alone);
    await choose(Q.trot.question, Q.trot.answers.confident);
    await choose(Q.canter.question, Q.canter.answers.open);
    expect(screen.getByRole('status')).toHaveTextContent(
      'To see your level, answer the questions on galloping and your hours in the saddle.',
    );
    await choose(Q.gallop.question, Q.gallop.answers.no);
    expect(screen.getByRole('status')).toHaveTextContent(
      'To see your level, answer the question on your hours in the saddle.',
    );
    expect(screen.getByRole('button', { name: 'Use this level' })).toBeDisabled();
    await typeHours('4');
    expect(screen.getByRole('img', { name: 'Rider level: Intermediate, 3 of 5' })).toBeVisible();

    await choose(Q.gallop.question, Q.gallop.answers.controlled);
    await typeHours('5');
    expect(
      screen.getByRole('img', { name: 'Rider level: Strong intermediate, 4 of 5' }),
    ).toBeVisible();
    const button = screen.getByRole('button', { name: 'Use this level' });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(onUseLevel).toHaveBeenCalledExactlyOnceWith('strong-intermediate');
  });

  it('enables "Use this level" as the hours are typed, so Tab from the field reaches it', async () => {
    const onUseLevel = vi.fn();
    render(<RiderSelfAssessment onUseLevel={onUseLevel} />);
    await choose(Q.walk.question, Q.walk.answers.alone);
    await choose(Q.trot.question, Q.trot.answers.confident);
    await choose(Q.canter.question, Q.canter.answers.open);
    await choose(Q.gallop.question, Q.gallop.answers.no);
    const hours = screen.getByRole('spinbutton', { name: Q.hoursUsedTo.question });
    await userEvent.click(hours);
    await userEvent.keyboard('4');
    const button = screen.getByRole('button', { name: 'Use this level' });
    expect(button).toBeEnabled();
    expect(screen.getByRole('img', { name: 'Rider level: Intermediate, 3 of 5' })).toBeVisible();

    await userEvent.tab();
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onUseLevel).toHaveBeenCalledExactlyOnceWith('intermediate');
  });

  it('disables "Use this level" again while the typed hours are no number', async () => {
    render(
      <RiderSelfAssessment
        onUseLevel={vi.fn()}
        defaultAnswers={{
          walk: 'alone',
          trot: 'short',
          canter: 'arena',
          gallop: 'no',
          hoursUsedTo: 2,
        }}
      />,
    );
    const button = screen.getByRole('button', { name: 'Use this level' });
    expect(button).toBeEnabled();
    await userEvent.clear(screen.getByRole('spinbutton', { name: Q.hoursUsedTo.question }));
    expect(button).toBeDisabled();
    await userEvent.keyboard('3');
    expect(button).toBeEnabled();
  });

  it('starts from default answers and a custom hours label', () => {
    render(
      <RiderSelfAssessment
        onUseLevel={vi.fn()}
        hoursLabel="Hours a day in the saddle"
        defaultAnswers={{
          walk: 'alone',
          trot: 'short',
          canter: 'arena',
          gallop: 'no',
          hoursUsedTo: 2,
        }}
      />,
    );
    expect(screen.getByRole('radio', { name: Q.trot.answers.short })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Hours a day in the saddle' })).toHaveValue('2');
    expect(screen.getByRole('img', { name: 'Rider level: Novice, 2 of 5' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Use this level' })).toBeEnabled();
  });

  it('takes back the proposal when the hours are cleared', async () => {
    render(
      <RiderSelfAssessment
        onUseLevel={vi.fn()}
        defaultAnswers={{ walk: 'led', trot: 'no', canter: 'no', gallop: 'no', hoursUsedTo: 1 }}
      />,
    );
    expect(screen.getByRole('img', { name: 'Rider level: Beginner, 1 of 5' })).toBeVisible();
    await userEvent.clear(screen.getByRole('spinbutton'));
    await userEvent.tab();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use this level' })).toBeDisabled();
  });
});

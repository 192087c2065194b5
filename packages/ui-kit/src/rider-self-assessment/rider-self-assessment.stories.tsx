import { SELF_ASSESSMENT_QUESTIONS as Q } from '@gallop/rider-fit';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RiderSelfAssessment } from './rider-self-assessment';

const meta = {
  title: 'Rider fit/RiderSelfAssessment',
  component: RiderSelfAssessment,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { onUseLevel: fn(), hoursLabel: Q.hoursUsedTo.question },
  argTypes: { texts: { control: false }, questions: { control: false } },
  render: (args) => (
    <div style={{ maxWidth: 720 }}>
      <RiderSelfAssessment {...args} />
    </div>
  ),
} satisfies Meta<typeof RiderSelfAssessment>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing answered: the button waits and the hint says what is missing. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('radiogroup')).toHaveLength(4);
    const button = canvas.getByRole('button', { name: 'Use this level' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(
      'To see your level, answer the questions on walking, trotting, cantering, galloping, and your hours in the saddle.',
    );
  },
};

/** From empty to a proposal: the level follows each answer and "Use this level" hands it over. */
export const ToAProposal: Story = {
  play: async ({ canvas, args, step }) => {
    const choose = async (question: string, answer: string) =>
      userEvent.click(
        within(canvas.getByRole('radiogroup', { name: question })).getByRole('radio', {
          name: answer,
        }),
      );
    await step('answer the paces', async () => {
      await choose(Q.walk.question, Q.walk.answers.alone);
      await choose(Q.trot.question, Q.trot.answers.confident);
      await choose(Q.canter.question, Q.canter.answers.open);
      await choose(Q.gallop.question, Q.gallop.answers.controlled);
      await expect(canvas.getByRole('status')).toHaveTextContent(
        'answer the question on your hours in the saddle',
      );
      await expect(canvas.getByRole('button', { name: 'Use this level' })).toBeDisabled();
    });
    await step('give the hours', async () => {
      const hours = canvas.getByRole('spinbutton', { name: Q.hoursUsedTo.question });
      await userEvent.type(hours, '4');
      await userEvent.tab();
      await expect(
        canvas.getByRole('img', { name: 'Rider level: Intermediate, 3 of 5' }),
      ).toBeVisible();
      await userEvent.clear(hours);
      await userEvent.type(hours, '5{Enter}');
      await expect(
        canvas.getByRole('img', { name: 'Rider level: Strong intermediate, 4 of 5' }),
      ).toBeVisible();
    });
    await step('use the level', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Use this level' }));
      await expect(args.onUseLevel).toHaveBeenCalledOnce();
      await expect(args.onUseLevel).toHaveBeenCalledWith('strong-intermediate');
    });
  },
};

/** Some answers given: the hint names only the missing ones. */
export const PartlyAnswered: Story = {
  args: { defaultAnswers: { walk: 'alone', trot: 'short' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: Q.trot.answers.short })).toBeChecked();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'To see your level, answer the questions on cantering, galloping, and your hours in the saddle.',
    );
  },
};

/** The rider's previous answers: the weakest pace sets the level (no gallop: intermediate). */
export const Answered: Story = {
  args: {
    defaultAnswers: {
      walk: 'alone',
      trot: 'confident',
      canter: 'open',
      gallop: 'no',
      hoursUsedTo: 6,
    },
  },
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByRole('img', { name: 'Rider level: Intermediate, 3 of 5' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: Q.gallop.answers.fast }));
    await expect(canvas.getByRole('img', { name: 'Rider level: Advanced, 5 of 5' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Use this level' }));
    await expect(args.onUseLevel).toHaveBeenCalledWith('advanced');
  },
};

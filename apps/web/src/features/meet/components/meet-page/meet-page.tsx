import { Button, Modal } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useApi } from '../../../../lib/api';
import { failureText } from '../../../../lib/failure-text';
import { keepDatesWhole } from '../../../../lib/line-breaks';
import { partyText } from '../../../../lib/party-text';
import { describeTravel, formatWhen, type TravelInfo } from '../../../../lib/travel-info';
import {
  deleteMeetFile,
  meetDataQuery,
  saveMeet,
  uploadMeetFile,
  type MeetData,
  type MeetFile,
} from '../../api';
import {
  initialMeetText,
  MEET_ERROR_MODAL_WIDTH,
  MEET_FILE_ACCEPT,
  MEET_HINTS,
  MEET_TEXT_MAX_LENGTH,
  MEET_TEXTS,
  meetFileProblem,
  meetSaveFailureMessage,
  placeholdersLeft,
  placeholdersLeftMessage,
  textRefusal,
} from '../../meet';
import './meet-page.css';

type Outcome = { kind: 'success' } | { kind: 'error'; message: string };

/**
 * The tourists meeting page (`/meet?key=`, docs/product.md, Screens): the organizer sees the trip
 * and each rider's arrival and departure, and writes the meeting details the riders receive, with
 * files. `arrivalOpen`: travellers can give their arrival details (the web's `FEATURE_ARRIVAL`);
 * while they cannot and none were given, the page asks for none.
 */
export function MeetPage({
  meetKey,
  data,
  arrivalOpen,
}: {
  meetKey: string;
  data: MeetData;
  arrivalOpen: boolean;
}) {
  return (
    <div className="page-container meet-layout">
      <MeetTrip data={data} arrivalOpen={arrivalOpen} />
      <MeetForm meetKey={meetKey} data={data} />
    </div>
  );
}

type Tourist = MeetData['tourists_data']['data'][number]['tourists'][number];

/** A tourist's name, marked when they come along without riding (decision 118). */
const touristName = (tourist: Tourist) =>
  tourist.rides === false ? `${tourist.name} (not riding)` : tourist.name;

function MeetTrip({ data, arrivalOpen }: { data: MeetData; arrivalOpen: boolean }) {
  const groups = data.tourists_data.data;
  const tourists = groups.flatMap((group) => group.tourists);
  const nonRiders = tourists.filter((tourist) => tourist.rides === false).length;
  const travel = arrivalOpen || groups.some((group) => group.arrival || group.departure);
  return (
    <section className="meet-trip" aria-labelledby="meet-title">
      <p className="eyebrow">Meeting details for riders</p>
      <h1 id="meet-title" className="display-heading meet-title">
        <Link to="/$slug" params={{ slug: data.tour_data.slug }}>
          {data.tour_data.name}
        </Link>
      </h1>
      <dl className="meet-facts">
        <div>
          <dt>Dates</dt>
          <dd>{keepDatesWhole(data.tour_data.dates)}</dd>
        </div>
        <div>
          <dt>Request</dt>
          <dd>#{data.request_id}</dd>
        </div>
        <div>
          <dt>{nonRiders > 0 ? 'Travellers' : 'Riders'}</dt>
          <dd>{partyText(tourists.length - nonRiders, nonRiders)}</dd>
        </div>
      </dl>

      <h2 className="meet-section-title">{travel ? 'Arrivals and departures' : 'The group'}</h2>
      {groups.length === 0 ? (
        <p className="meet-muted">No riders yet.</p>
      ) : (
        <ul className="meet-groups">
          {groups.map((group, index) => (
            <li key={group.tourists[0]?.id ?? index} className="meet-group">
              <p className="meet-group__names">{group.tourists.map(touristName).join(', ')}</p>
              {travel && (
                <dl className="meet-legs">
                  <TravelLeg label="Arrival" info={group.arrival} />
                  <TravelLeg label="Departure" info={group.departure} />
                </dl>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TravelLeg({ label, info }: { label: string; info: TravelInfo | undefined }) {
  const when = info ? formatWhen(info) : undefined;
  return (
    <div className="meet-leg">
      <dt>{label}</dt>
      <dd>
        {info ? (
          <>
            <span className="meet-leg__how">{describeTravel(info)}</span>
            {when && <span className="meet-leg__when">{when}</span>}
            {info.additional_info && <span className="meet-leg__note">{info.additional_info}</span>}
          </>
        ) : (
          <span className="meet-muted">Not given yet</span>
        )}
      </dd>
    </div>
  );
}

function MeetForm({ meetKey, data }: { meetKey: string; data: MeetData }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const ids = { text: useId(), textError: useId(), files: useId(), hints: useId() };
  const [text, setText] = useState(() => initialMeetText(data));
  const [files, setFiles] = useState<MeetFile[]>(data.files);
  const [uploading, setUploading] = useState(0);
  const [removing, setRemoving] = useState<number | undefined>();
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const [textProblem, setTextProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>();

  const attach = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    const problems = chosen.map(meetFileProblem).filter((problem) => problem !== undefined);
    const accepted = chosen.filter((file) => meetFileProblem(file) === undefined);
    setFileProblems(problems);
    setUploading((count) => count + accepted.length);
    await Promise.all(
      accepted.map(async (file) => {
        try {
          const uploaded = await uploadMeetFile(api, meetKey, file);
          setFiles((current) => [...current, uploaded]);
        } catch (error) {
          // The API says why (type sniffed from the bytes, size, 20 files at most).
          setFileProblems((current) => [...current, `${file.name}: ${failureText(error)}`]);
        } finally {
          setUploading((count) => count - 1);
        }
      }),
    );
  };

  const remove = async (file: MeetFile) => {
    setRemoving(file.id);
    setFileProblems([]);
    try {
      await deleteMeetFile(api, meetKey, file.id);
      setFiles((current) => current.filter((candidate) => candidate.id !== file.id));
    } catch (error) {
      setFileProblems([`${file.name}: could not be removed. ${failureText(error)}`]);
    } finally {
      setRemoving(undefined);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setTextProblem('Write the meeting details or choose a template.');
      return;
    }
    const left = placeholdersLeft(text, data.meet_data_templates);
    if (left.length > 0) {
      setTextProblem(placeholdersLeftMessage(left));
      return;
    }
    setTextProblem(undefined);
    setSaving(true);
    try {
      await saveMeet(api, meetKey, {
        contract_id: data.contract_id,
        organizer_meet_data: text,
        files: files.map((file) => file.id),
      });
      queryClient.setQueryData(meetDataQuery(api, meetKey).queryKey, (current) =>
        current ? { ...current, organizer_meet_data: text, files } : current,
      );
      setOutcome({ kind: 'success' });
    } catch (error) {
      // The API's word on the text (a gap of a template left, say) belongs under the field.
      const fieldProblem = textRefusal(error);
      if (fieldProblem !== undefined) {
        setTextProblem(fieldProblem);
        return;
      }
      const message = meetSaveFailureMessage(error);
      if (message === undefined) console.error('Saving the meeting details failed', error);
      else setOutcome({ kind: 'error', message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="meet-form" aria-labelledby="meet-form-title" onSubmit={submit} noValidate>
      <h2 id="meet-form-title" className="meet-form__title">
        Where and when riders meet you
      </h2>
      {data.meet_data_templates.length > 0 && (
        <div className="meet-templates" role="group" aria-label="Templates">
          <span className="meet-templates__label">Start from a template</span>
          {data.meet_data_templates.map((template) => (
            <Button
              key={template.name}
              size="sm"
              theme={text === template.template ? 'primary' : 'negative'}
              aria-pressed={text === template.template}
              onClick={() => {
                setText(template.template);
                setTextProblem(undefined);
              }}
            >
              {template.name}
            </Button>
          ))}
        </div>
      )}

      <label htmlFor={ids.text} className="meet-label">
        Meeting details
      </label>
      <textarea
        id={ids.text}
        name="organizer_meet_data"
        className="gk-input meet-textarea"
        rows={12}
        maxLength={MEET_TEXT_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={textProblem ? true : undefined}
        aria-describedby={[textProblem ? ids.textError : '', ids.hints].join(' ').trim()}
      />
      {textProblem && (
        <p id={ids.textError} className="meet-problem" role="alert">
          {textProblem}
        </p>
      )}

      <div className="meet-hints" id={ids.hints}>
        <p className="meet-hints__title">Good meeting details say</p>
        <ul>
          {MEET_HINTS.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      </div>

      <div className="meet-files">
        <p className="meet-label" id={`${ids.files}-label`}>
          Attached files
        </p>
        {files.length > 0 ? (
          <ul className="meet-files__list" aria-labelledby={`${ids.files}-label`}>
            {files.map((file) => (
              <li key={file.id} className="meet-file">
                {file.url ? (
                  <a href={file.url} target="_blank" rel="noreferrer" className="meet-file__name">
                    {file.name}
                  </a>
                ) : (
                  <span className="meet-file__name">{file.name}</span>
                )}
                <Button
                  size="sm"
                  theme="ghost"
                  aria-label={`Remove ${file.name}`}
                  disabled={removing === file.id}
                  onClick={() => void remove(file)}
                >
                  {removing === file.id ? 'Removing…' : 'Remove'}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="meet-muted">A map, a route sketch or a packing list helps riders.</p>
        )}
        <label className="meet-attach">
          <input
            id={ids.files}
            type="file"
            multiple
            accept={MEET_FILE_ACCEPT}
            className="meet-attach__input"
            onChange={(event) => void attach(event)}
          />
          <span className="gk-button gk-button--negative gk-button--sm meet-attach__button">
            Attach files
          </span>
          <span className="meet-attach__hint">Images, PDF, Word or Excel; several at once.</span>
        </label>
        {uploading > 0 && (
          <p className="meet-muted" role="status">
            Uploading {uploading} file{uploading === 1 ? '' : 's'}…
          </p>
        )}
        {fileProblems.length > 0 && (
          <ul className="meet-problem" role="alert">
            {fileProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>

      <Button
        type="submit"
        theme="primary"
        size="lg"
        block
        loading={saving}
        disabled={uploading > 0}
      >
        Save meeting details
      </Button>

      <Modal
        isOpen={outcome?.kind === 'success'}
        onClose={() => setOutcome(undefined)}
        title={MEET_TEXTS.successTitle}
        footer={
          <Button theme="primary" onClick={() => setOutcome(undefined)}>
            OK
          </Button>
        }
      >
        <p>{MEET_TEXTS.successText}</p>
      </Modal>
      <Modal
        isOpen={outcome?.kind === 'error'}
        onClose={() => setOutcome(undefined)}
        title={MEET_TEXTS.errorTitle}
        width={MEET_ERROR_MODAL_WIDTH}
        role="alertdialog"
        footer={
          <Button theme="primary" onClick={() => setOutcome(undefined)}>
            Close
          </Button>
        }
      >
        <p>{outcome?.kind === 'error' ? outcome.message : ''}</p>
      </Modal>
    </form>
  );
}

import type { GallopClient } from '@gallop/api-client';
import { Button, imageUrl } from '@gallop/ui-kit';
import { useId, useState, type ChangeEvent } from 'react';
import { failureText } from '../../../../lib/failure-text';
import {
  deleteReviewPhoto,
  REVIEW_PHOTO_ACCEPT,
  REVIEW_PHOTO_LIMIT,
  REVIEW_PHOTO_TYPES_TEXT,
  reviewPhotoProblem,
  uploadReviewPhoto,
  type ReviewPhoto,
} from '../../photos';
import './review-photos.css';

/** The form's photos: uploaded as they are chosen, in the order chosen, removable before sending. */
export function useReviewPhotos(api: GallopClient<true>) {
  const [photos, setPhotos] = useState<ReviewPhoto[]>([]);
  const [uploading, setUploading] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);

  async function add(chosen: readonly File[]) {
    const problemsFound: string[] = [];
    const acceptable = chosen.filter((file) => {
      const problem = reviewPhotoProblem(file);
      if (problem) problemsFound.push(problem);
      return problem === undefined;
    });
    // Photos already added and still uploading count against the limit.
    const room = Math.max(0, REVIEW_PHOTO_LIMIT - photos.length - uploading);
    const accepted = acceptable.slice(0, room);
    if (acceptable.length > room) {
      problemsFound.push(`A review takes up to ${REVIEW_PHOTO_LIMIT} photos.`);
    }
    setProblems(problemsFound);
    setUploading((count) => count + accepted.length);
    await Promise.all(
      accepted.map(async (file) => {
        try {
          const photo = await uploadReviewPhoto(api, file);
          setPhotos((current) => [...current, photo]);
        } catch (error) {
          // The API says why (the type read from the bytes, the size, too many uploads).
          setProblems((current) => [...current, `${file.name}: ${failureText(error)}`]);
        } finally {
          setUploading((count) => count - 1);
        }
      }),
    );
  }

  function remove(photo: ReviewPhoto) {
    setProblems([]);
    setPhotos((current) => current.filter((candidate) => candidate.id !== photo.id));
    // Only the photos listed are sent with the review; one left behind is purged later.
    deleteReviewPhoto(api, photo).catch(() => undefined);
  }

  return { photos, uploading, problems, add, remove };
}

export type ReviewPhotosState = ReturnType<typeof useReviewPhotos>;

/** Previews of the chosen photos with their Remove buttons, and the button that adds more. */
export function ReviewPhotos({ state }: { state: ReviewPhotosState }) {
  const inputId = useId();
  const { photos, uploading, problems } = state;
  const full = photos.length + uploading >= REVIEW_PHOTO_LIMIT;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    void state.add(files);
  };

  return (
    <fieldset className="review-photos">
      <legend className="review-photos__legend">Your photos (optional)</legend>
      {photos.length > 0 && (
        <ul className="review-photos__list">
          {photos.map((photo, index) => (
            <li key={photo.id} className="review-photos__item">
              <img
                className="review-photos__image"
                src={imageUrl(photo.image.image, '250x300')}
                alt={`Photo ${index + 1}`}
                width={96}
                height={96}
              />
              <Button
                size="sm"
                theme="ghost"
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => state.remove(photo)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <label className="review-photos__add" htmlFor={inputId}>
          <input
            id={inputId}
            type="file"
            multiple
            accept={REVIEW_PHOTO_ACCEPT}
            className="gk-visually-hidden review-photos__input"
            onChange={choose}
          />
          <span className="gk-button gk-button--negative gk-button--sm review-photos__button">
            Add photos
          </span>
          <span className="review-photos__hint">
            Up to {REVIEW_PHOTO_LIMIT} photos: {REVIEW_PHOTO_TYPES_TEXT}, 10 MB each.
          </span>
        </label>
      )}
      {uploading > 0 && (
        <p className="review-photos__hint" role="status">
          Uploading {uploading} photo{uploading === 1 ? '' : 's'}…
        </p>
      )}
      {problems.length > 0 && (
        <ul className="review-photos__problems" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

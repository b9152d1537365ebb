// The Feedback step's Foto's: take a picture or pick one from the gallery, up to 10, each with an optional caption
// and an FC70 or competitor brand tag; the buttons say why when no picture can be added (decision 035).
import { useId, useRef } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import type { NamedItem } from '@prospectie/contract';
import { PHOTO_CAPTION_MAX } from '@prospectie/contract';
import { nlPhotos } from '../../i18n/nlPhotos';
import { MAX_PHOTOS, type KeptPhoto } from '../../offline/keptPhotos';
import type { DraftPhotos } from './useDraftPhotos';

/** The tag select's value: `b:3` an FC70 brand, `c:5` a competitor brand, empty none. */
const tagValue = (p: KeptPhoto) => (p.brandId !== null ? `b:${p.brandId}` : p.competitorBrandId !== null ? `c:${p.competitorBrandId}` : '');
const tagOf = (value: string) => ({
  brandId: value.startsWith('b:') ? Number(value.slice(2)) : null,
  competitorBrandId: value.startsWith('c:') ? Number(value.slice(2)) : null,
});

/** A button that opens a hidden file input: the input with `capture` opens the camera without leaving the app. */
function PhotoInput({
  label,
  capture,
  disabled,
  describedBy,
  onFiles,
}: {
  label: string;
  capture?: boolean;
  disabled: boolean;
  describedBy?: string;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant="outline-primary"
        className="action-button"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        {...(capture ? { capture: 'environment' } : { multiple: true })}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Emptied, so the same picture chosen again still reports a change.
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}

export function PhotoSection({
  draft,
  brands,
  competitorBrands,
}: {
  draft: DraftPhotos;
  brands: NamedItem[];
  competitorBrands: NamedItem[];
}) {
  const whyId = useId();
  const blocked = draft.blockedBecause;
  const disabled = blocked !== null || draft.shrinking;
  return (
    <section className="mt-4" aria-labelledby="photos-title">
      <h3 id="photos-title" className="h6 mb-1">
        {nlPhotos.title} <span className="fw-normal text-body-secondary small">({nlPhotos.count(draft.photos.length, MAX_PHOTOS)})</span>
      </h3>
      <p className="small text-body-secondary mb-2">{nlPhotos.intro}</p>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <PhotoInput
          label={nlPhotos.take}
          capture
          disabled={disabled}
          describedBy={blocked ? whyId : undefined}
          onFiles={(f) => void draft.add(f)}
        />
        <PhotoInput
          label={nlPhotos.pick}
          disabled={disabled}
          describedBy={blocked ? whyId : undefined}
          onFiles={(f) => void draft.add(f)}
        />
      </div>
      <div role="status" aria-live="polite">
        {draft.shrinking && (
          <p className="small mb-2">
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            {nlPhotos.shrinking}
          </p>
        )}
        {blocked && (
          <p id={whyId} className="small text-danger-emphasis mb-2">
            {blocked}
          </p>
        )}
      </div>
      {draft.problem && (
        <Alert variant="warning" className="py-2 small" role="alert">
          {draft.problem}
        </Alert>
      )}
      {draft.photos.length > 0 && (
        <ul className="list-unstyled photo-draft-list mb-0">
          {draft.photos.map((photo, i) => {
            const n = i + 1;
            return (
              <li key={photo.id} className="photo-draft">
                <img src={draft.urls[photo.id]} alt={photo.caption.trim() || nlPhotos.photoLabel(n)} className="photo-draft-thumb" />
                <div className="photo-draft-fields">
                  <Form.Group controlId={`photo-${photo.id}-caption`} className="mb-2">
                    <Form.Label className="small mb-1">{nlPhotos.captionOf(n)}</Form.Label>
                    <Form.Control
                      value={photo.caption}
                      maxLength={PHOTO_CAPTION_MAX}
                      onChange={(e) => draft.describe(photo.id, { caption: e.target.value })}
                    />
                  </Form.Group>
                  <Form.Group controlId={`photo-${photo.id}-tag`} className="mb-2">
                    <Form.Label className="small mb-1">{nlPhotos.tagOf(n)}</Form.Label>
                    <Form.Select value={tagValue(photo)} onChange={(e) => draft.describe(photo.id, tagOf(e.target.value))}>
                      <option value="">{nlPhotos.noTag}</option>
                      <optgroup label={nlPhotos.fc70Brands}>
                        {brands.map((b) => (
                          <option key={b.id} value={`b:${b.id}`}>
                            {b.name}
                          </option>
                        ))}
                      </optgroup>
                      <optgroup label={nlPhotos.competitorBrands}>
                        {competitorBrands.map((b) => (
                          <option key={b.id} value={`c:${b.id}`}>
                            {b.name}
                          </option>
                        ))}
                      </optgroup>
                    </Form.Select>
                  </Form.Group>
                  <Button
                    variant="outline-danger"
                    size="sm"
                    className="action-button"
                    aria-label={nlPhotos.removeOf(n)}
                    onClick={() => draft.remove(photo.id)}
                  >
                    {nlPhotos.remove}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {draft.photos.length > 0 && <p className="small text-body-secondary mt-2 mb-0">{nlPhotos.kept}</p>}
    </section>
  );
}

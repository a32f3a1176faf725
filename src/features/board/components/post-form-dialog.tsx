/**
 * The create/edit dialog (SPEC §2 Board, §5 "Post save", "Tags", "Post address"; issue #6).
 * After a save that removed images not uploaded through the editor (`removedImages`, issue #13)
 * it tells the author how many went.
 *
 * Issue #14: react-hook-form over the server's `PostBody` limits (title 1–100 after trimming,
 * content required), errors under their fields, a server 400 on its field, no double submit. What
 * is being written is kept as a draft per member (IndexedDB: `post:new` or `post:{id}`) on every
 * change, so Esc, ✕, a click outside, a reload or going offline lose nothing; reopening offers to
 * continue it. Saving or choosing 새로 쓰기 clears it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { Type } from 'typebox';
import { BOARD_LIMITS, PostBody, type Post } from '@common/api/board';
import { BOARD_TAGS, MAX_TAGS_PER_POST } from '@common/domain/vocabulary';
import { Dialog } from '@/components/ui/dialog';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { FormField } from '@/components/ui/form-field';
import { ToggleChip } from '@/components/ui/toggle-chip';
import { format, ko } from '@/i18n/ko';
import { errorMessage } from '@/lib/api-client';
import { clearDraft, loadDraft, saveDraft } from '@/lib/drafts';
import { applyServerFieldError, koreanResolver } from '@/lib/forms/korean-resolver';
import { geocodeAddress } from '@/lib/maps';
import { useSession } from '@/lib/session/store';
import { useSavePost } from '../api/board-mutations';
import { htmlToText, toggleTag } from '../board-logic';
import { embedPostcode } from '../postcode';
import { LocationPicker } from './location-picker';
import { PostEditor } from './post-editor';

/** The form's values (what a draft keeps). `content` is '' while the editor holds no text and no image. */
export interface PostFormValues {
  title: string;
  content: string;
  tags: string[];
  address: string;
  latitude: number | null;
  longitude: number | null;
}

/** The form's schema: the server's `PostBody` rules as the form holds them (title already trimmed). */
const PostFormSchema = Type.Object({
  title: Type.String({ minLength: 1, maxLength: BOARD_LIMITS.titleMax }),
  content: PostBody.properties.content,
  tags: Type.Array(Type.String(), { maxItems: MAX_TAGS_PER_POST, uniqueItems: true }),
  address: Type.String({ maxLength: BOARD_LIMITS.addressMax }),
  latitude: Type.Union([Type.Null(), Type.Number({ minimum: -90, maximum: 90 })]),
  longitude: Type.Union([Type.Null(), Type.Number({ minimum: -180, maximum: 180 })]),
});
const resolver = koreanResolver<PostFormValues>(PostFormSchema, { title: ko.board.title, content: ko.board.content, tags: ko.board.tags, address: ko.boardUi.address });
const SERVER_FIELDS = ['title', 'content', 'tags', 'address'] as const;
/** Draft saves wait this long after the last change. */
const DRAFT_DEBOUNCE_MS = 400;

/** The editor's HTML as the form keeps it: '' when it holds neither text nor an image. */
export function contentValue(html: string): string {
  return htmlToText(html) || /<img\s/i.test(html) ? html : '';
}

function valuesOf(post: Post | null): PostFormValues {
  return {
    title: post?.title ?? '',
    content: post?.content ?? '',
    tags: post?.tags ?? [],
    address: post?.address ?? '',
    latitude: post?.latitude ?? null,
    longitude: post?.longitude ?? null,
  };
}

const sameValues = (a: PostFormValues, b: PostFormValues) => JSON.stringify(a) === JSON.stringify(b);

interface PostFormDialogProps {
  /** The post being edited; null creates a new one. */
  post: Post | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (post: Post) => void;
}

function AddressSearchDialog({ open, onOpenChange, onSelect }: { open: boolean; onOpenChange: (o: boolean) => void; onSelect: (address: string) => void }) {
  const frame = useRef<HTMLDivElement | null>(null);
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!open || !el) return;
    frame.current = el;
    embedPostcode(el, (address) => {
      onOpenChange(false);
      onSelect(address);
    }).catch((error: unknown) => {
      console.warn('postcode widget unavailable', error);
      toast.error(ko.board.postcodeMissing);
      onOpenChange(false);
    });
  }, [open, el, onOpenChange, onSelect]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={ko.boardUi.addressDialog}>
      <div ref={setEl} className="postcode-frame" />
    </Dialog>
  );
}

type Phase = { kind: 'checking' } | { kind: 'offer'; values: PostFormValues } | { kind: 'editing' };

/** The post form in a dialog: first the draft offer (when a draft is kept), then the form. */
export function PostFormDialog({ post, open, onOpenChange, onSaved }: PostFormDialogProps) {
  const memberId = useSession((s) => s.user?.id);
  const draftId = post ? post.id : 'new';
  const [phase, setPhase] = useState<Phase>(memberId === undefined ? { kind: 'editing' } : { kind: 'checking' });
  const [start, setStart] = useState<PostFormValues>(() => valuesOf(post));

  useEffect(() => {
    let active = true;
    if (memberId === undefined) return;
    loadDraft<PostFormValues>(memberId, 'post', draftId)
      .then((draft) => {
        if (!active) return;
        setPhase(draft && !sameValues(draft.values, valuesOf(post)) ? { kind: 'offer', values: draft.values } : { kind: 'editing' });
      })
      .catch(() => active && setPhase({ kind: 'editing' }));
    return () => {
      active = false;
    };
    // The draft is looked up once, when the dialog opens for this post.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [memberId, draftId]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={post ? ko.boardUi.editPost : ko.boardUi.newPost}>
      {phase.kind === 'checking' && (
        <p className="field__hint" role="status">
          {ko.lists.loading}
        </p>
      )}
      {phase.kind === 'offer' && (
        <div className="draft-offer" role="group" aria-label={ko.board.draftOffer}>
          <p>{ko.board.draftOffer}</p>
          <div className="dialog-actions">
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                if (memberId !== undefined) void clearDraft(memberId, 'post', draftId);
                setPhase({ kind: 'editing' });
              }}
            >
              {ko.board.draftDiscard}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                setStart(phase.values);
                setPhase({ kind: 'editing' });
              }}
            >
              {ko.board.draftContinue}
            </button>
          </div>
        </div>
      )}
      {phase.kind === 'editing' && <PostForm post={post} start={start} memberId={memberId} onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} onSaved={onSaved} />}
    </Dialog>
  );
}

interface PostFormProps {
  post: Post | null;
  /** The values it opens with: the post's, or the draft being continued. */
  start: PostFormValues;
  memberId: number | undefined;
  onDone: () => void;
  onCancel: () => void;
  onSaved?: (post: Post) => void;
}

function PostForm({ post, start, memberId, onDone, onCancel, onSaved }: PostFormProps) {
  const initial = useRef(valuesOf(post));
  const draftId = post ? post.id : 'new';
  const save = useSavePost();
  const [addressOpen, setAddressOpen] = useState(false);
  const [picking, setPicking] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    setFocus,
    subscribe,
    formState: { errors, isSubmitting },
  } = useForm<PostFormValues>({ resolver, defaultValues: start, mode: 'onSubmit', reValidateMode: 'onChange' });
  // Registered in the order of the form, so a failed submit focuses the first invalid field.
  const title = register('title', { setValueAs: (v: string) => v.trim() });
  const content = useController({ control, name: 'content' });
  const [tags, latitude, longitude, address] = useWatch({ control, name: ['tags', 'latitude', 'longitude', 'address'] });
  const position = latitude !== null && longitude !== null ? { lat: latitude, lng: longitude } : null;

  useEffect(() => setFocus('title'), [setFocus]);

  // Drafts: saved a moment after each change, and at once when the form goes away (Esc, ✕, outside).
  const pendingDraft = useRef<PostFormValues | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sent = useRef(false);
  const flushDraft = useCallback(() => {
    clearTimeout(timer.current);
    const values = pendingDraft.current;
    pendingDraft.current = null;
    if (!values || memberId === undefined || sent.current) return;
    if (sameValues(values, initial.current)) void clearDraft(memberId, 'post', draftId);
    else void saveDraft(memberId, 'post', draftId, values);
  }, [memberId, draftId]);
  useEffect(() => {
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        pendingDraft.current = { ...values, tags: [...values.tags] };
        clearTimeout(timer.current);
        timer.current = setTimeout(flushDraft, DRAFT_DEBOUNCE_MS);
      },
    });
    return () => {
      unsubscribe();
      flushDraft();
    };
  }, [subscribe, flushDraft]);

  const onAddress = async (value: string) => {
    setValue('address', value, { shouldDirty: true });
    try {
      const found = await geocodeAddress(value);
      setValue('latitude', found?.lat ?? null, { shouldDirty: true });
      setValue('longitude', found?.lng ?? null, { shouldDirty: true });
      if (!found) toast.error(ko.board.geocodeFailed);
    } catch {
      setValue('latitude', null, { shouldDirty: true });
      setValue('longitude', null, { shouldDirty: true });
      toast.error(ko.board.mapMissing);
    }
  };

  const setPosition = (next: { lat: number; lng: number } | null) => {
    setValue('latitude', next?.lat ?? null, { shouldDirty: true });
    setValue('longitude', next?.lng ?? null, { shouldDirty: true });
  };

  const onValid = async (values: PostFormValues) => {
    if (values.latitude === null && !(await confirmDialog(ko.board.confirmNoLocation))) return;
    const body: PostBody = {
      title: values.title.trim(),
      content: values.content,
      tags: values.tags as PostBody['tags'],
      address: values.address,
      latitude: values.latitude,
      longitude: values.longitude,
    };
    try {
      const saved = await save.mutateAsync({ id: post?.id ?? null, body });
      sent.current = true;
      clearTimeout(timer.current);
      if (memberId !== undefined) await clearDraft(memberId, 'post', draftId);
      toast.success(ko.boardUi.saved);
      // issue #13: images from other hosts (or pasted data: images) were dropped on save; say so.
      if (saved.removedImages) toast.info(format(ko.boardUi.imagesRemoved, { n: saved.removedImages }));
      onSaved?.(saved);
      onDone();
    } catch (error) {
      // A 400 that names a field lands on it (the field is focused); anything else is an outcome toast.
      if (applyServerFieldError(error, SERVER_FIELDS, (name, e, options) => setError(name, e, { shouldFocus: options?.shouldFocus ?? false }))) return;
      console.warn('post save failed', errorMessage(error, ''));
      toast.error(ko.board.saveFailed);
    }
  };

  const busy = isSubmitting || save.isPending;
  return (
    <>
      <form className="form-stack post-form" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
        <FormField label={ko.board.title} error={errors.title?.message}>
          {(field) => <input className="input" {...field} {...title} />}
        </FormField>
        <FormField label={ko.board.content} error={errors.content?.message}>
          {(field) => (
            <PostEditor
              initialHtml={start.content}
              control={field}
              editorRef={(e) => content.field.ref(e ? { focus: () => e.focus() } : null)}
              onChange={(html) => content.field.onChange(contentValue(html))}
            />
          )}
        </FormField>
        <fieldset className="field">
          <legend className="field__label">{ko.board.tags}</legend>
          <div className="chip-list">
            {BOARD_TAGS.map((tag) => (
              <ToggleChip
                key={tag}
                pressed={tags.includes(tag)}
                disabled={!tags.includes(tag) && tags.length >= MAX_TAGS_PER_POST}
                onToggle={() => setValue('tags', toggleTag(tags, tag, MAX_TAGS_PER_POST), { shouldDirty: true })}
              >
                {tag}
              </ToggleChip>
            ))}
          </div>
          {errors.tags?.message && <p className="field__error">{errors.tags.message}</p>}
        </fieldset>
        <div className={errors.address ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor="post-address">
            {ko.boardUi.address}
          </label>
          <div className="field__row">
            <input
              id="post-address"
              className="input"
              readOnly
              value={address}
              aria-invalid={errors.address ? true : undefined}
              aria-describedby={errors.address ? 'post-address-error' : undefined}
            />
            <button type="button" className="btn btn--secondary" onClick={() => setAddressOpen(true)}>
              {ko.board.addressSearch}
            </button>
          </div>
          {errors.address?.message && (
            <p id="post-address-error" className="field__error">
              {errors.address.message}
            </p>
          )}
          <div className="field__row">
            <span className="field__hint" data-testid="post-location">
              {position ? `${ko.boardUi.locationSet} (${position.lat.toFixed(5)}, ${position.lng.toFixed(5)})` : ko.boardUi.noLocation}
            </span>
            <button type="button" className="btn btn--small btn--ghost" aria-expanded={picking} onClick={() => setPicking((p) => !p)}>
              {ko.boardUi.pickOnMap}
            </button>
            {position && (
              <button type="button" className="btn btn--small btn--ghost" onClick={() => setPosition(null)}>
                {ko.boardUi.clearLocation}
              </button>
            )}
          </div>
          {picking && <LocationPicker value={position} onPick={setPosition} />}
        </div>
        <div className="dialog-actions">
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            {ko.boardUi.cancel}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {ko.board.save}
          </button>
        </div>
      </form>
      <AddressSearchDialog open={addressOpen} onOpenChange={setAddressOpen} onSelect={(a) => void onAddress(a)} />
    </>
  );
}

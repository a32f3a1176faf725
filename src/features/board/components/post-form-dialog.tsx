/**
 * The create/edit dialog (SPEC §2 Board, §5 "Post save", "Tags", "Post address"; issue #6).
 * After a save that removed images not uploaded through the editor (`removedImages`, issue #13)
 * it tells the author how many went.
 */
import { useEffect, useRef, useState } from 'react';
import type { Post, PostBody } from '@common/api/board';
import { BOARD_TAGS, MAX_TAGS_PER_POST } from '@common/domain/vocabulary';
import { Dialog } from '@/components/ui/dialog';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { ToggleChip } from '@/components/ui/toggle-chip';
import { format, ko } from '@/i18n/ko';
import { errorMessage } from '@/lib/api-client';
import { geocodeAddress, type LatLng } from '@/lib/maps';
import { createPost, updatePost } from '../api/board-api';
import { htmlToText, toggleTag } from '../board-logic';
import { embedPostcode } from '../postcode';
import { LocationPicker } from './location-picker';
import { PostEditor } from './post-editor';

interface PostFormDialogProps {
  /** The post being edited; null creates a new one. */
  post: Post | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (post: Post) => void;
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

/** The post form in a dialog; saves through the API and hands the saved post back. */
export function PostFormDialog({ post, open, onOpenChange, onSaved }: PostFormDialogProps) {
  const [title, setTitle] = useState(post?.title ?? '');
  const [content, setContent] = useState(post?.content ?? '');
  const [tags, setTags] = useState<string[]>(post?.tags ?? []);
  const [address, setAddress] = useState(post?.address ?? '');
  const [position, setPosition] = useState<LatLng | null>(post && post.latitude !== null && post.longitude !== null ? { lat: post.latitude, lng: post.longitude } : null);
  const [addressOpen, setAddressOpen] = useState(false);
  const [picking, setPicking] = useState(false);
  const [saving, setSaving] = useState(false);

  const onAddress = async (value: string) => {
    setAddress(value);
    try {
      const found = await geocodeAddress(value);
      setPosition(found);
      if (!found) toast.error(ko.board.geocodeFailed);
    } catch {
      setPosition(null);
      toast.error(ko.board.mapMissing);
    }
  };

  const save = async () => {
    const hasImage = /<img\s/i.test(content);
    if (!title.trim() || (!htmlToText(content) && !hasImage)) return toast.error(ko.board.titleAndContent);
    if (!position && !(await confirmDialog(ko.board.confirmNoLocation))) return;
    const body: PostBody = { title: title.trim(), content, tags: tags as PostBody['tags'], address, latitude: position?.lat ?? null, longitude: position?.lng ?? null };
    setSaving(true);
    try {
      const saved = post ? await updatePost(post.id, body) : await createPost(body);
      toast.success(ko.boardUi.saved);
      // issue #13: images from other hosts (or pasted data: images) were dropped on save; say so.
      if (saved.removedImages) toast.info(format(ko.boardUi.imagesRemoved, { n: saved.removedImages }));
      onSaved(saved);
      onOpenChange(false);
    } catch (error) {
      console.warn('post save failed', errorMessage(error, ''));
      toast.error(ko.board.saveFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={post ? ko.boardUi.editPost : ko.boardUi.newPost}>
      <form
        className="form-stack post-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="field">
          <span className="field__label">{ko.board.title}</span>
          <input className="input" value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <div className="field">
          <span className="field__label">{ko.board.content}</span>
          <PostEditor initialHtml={post?.content ?? ''} onChange={setContent} />
        </div>
        <fieldset className="field">
          <legend className="field__label">{ko.board.tags}</legend>
          <div className="chip-list">
            {BOARD_TAGS.map((tag) => (
              <ToggleChip
                key={tag}
                pressed={tags.includes(tag)}
                disabled={!tags.includes(tag) && tags.length >= MAX_TAGS_PER_POST}
                onToggle={() => setTags((t) => toggleTag(t, tag, MAX_TAGS_PER_POST))}
              >
                {tag}
              </ToggleChip>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor="post-address">
            {ko.boardUi.address}
          </label>
          <div className="field__row">
            <input id="post-address" className="input" readOnly value={address} />
            <button type="button" className="btn btn--secondary" onClick={() => setAddressOpen(true)}>
              {ko.board.addressSearch}
            </button>
          </div>
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
          <button type="button" className="btn btn--ghost" onClick={() => onOpenChange(false)}>
            {ko.boardUi.cancel}
          </button>
          <button type="submit" className="btn btn--primary" disabled={saving}>
            {ko.board.save}
          </button>
        </div>
      </form>
      <AddressSearchDialog open={addressOpen} onOpenChange={setAddressOpen} onSelect={(a) => void onAddress(a)} />
    </Dialog>
  );
}

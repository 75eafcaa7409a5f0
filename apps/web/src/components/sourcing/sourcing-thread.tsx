import { useRef, useState } from 'react';
import type { SourcingMessage } from '@dsm/contract';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { SourcingPictures } from './sourcing-pictures';
import { postSourcingMessage } from './sourcing-files.api';
import { formatWhen } from './sourcing-time';

/**
 * The thread of one request (user ↔ agent or operator): text and pictures, oldest first. Used
 * by the user's detail page (`area` p) and the console (`admin`), whose own side is staff.
 */
export function SourcingThread({
  requestId,
  messages,
  area,
  onSent,
}: {
  requestId: string;
  messages: SourcingMessage[];
  area: 'p' | 'admin';
  onSent: () => unknown;
}) {
  const { t } = useTranslation('sourcing');
  const lang = useSession((s) => s.lang);
  const [text, setText] = useState('');
  const [pictures, setPictures] = useState<Array<{ id: string; name: string }>>([]);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const key = useRef(crypto.randomUUID());
  const mine = (m: SourcingMessage) => (area === 'admin' ? m.fromStaff : !m.fromStaff);

  async function send() {
    setSending(true);
    const result = await postSourcingMessage(
      requestId,
      { text: text.trim(), images: pictures.map((p) => p.id) },
      key.current,
      area,
    );
    setSending(false);
    key.current = crypto.randomUUID();
    if (!result.success) {
      const first = Array.isArray(result.data) ? (result.data as Array<{ message?: string }>)[0]?.message : undefined;
      toast.warning(first ?? result.msg);
      return;
    }
    setText('');
    setPictures([]);
    await onSent();
  }

  return (
    <section className="sourcing-thread" aria-label={t('thread.title')}>
      <h2>{t('thread.title')}</h2>
      {messages.length === 0 ? <p className="sourcing-muted">{t('thread.empty')}</p> : null}
      <ol className="sourcing-messages">
        {messages.map((m) => (
          <li key={m.id} className={mine(m) ? 'sourcing-message sourcing-message-mine' : 'sourcing-message'}>
            <div className="sourcing-muted">
              {m.authorName}
              {m.fromStaff ? ` · ${t('thread.staff')}` : ''} · {formatWhen(m.createdAt, lang)}
            </div>
            {m.text ? <p>{m.text}</p> : null}
            {m.images.length ? (
              <div className="sourcing-pictures">
                {m.images.map((src) => (
                  <a key={src} href={src} target="_blank" rel="noreferrer" className="sourcing-picture">
                    <img src={src} alt={t('thread.picture')} />
                  </a>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <Input.TextArea
        rows={2}
        maxLength={2000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('thread.placeholder')}
        aria-label={t('thread.placeholder')}
      />
      <SourcingPictures
        pictures={pictures}
        onChange={setPictures}
        onUploading={setUploading}
        uploadPath={`/${area}/sourcing/images`}
      />
      <Button
        type="primary"
        onClick={() => void send()}
        loading={sending}
        disabled={uploading || (!text.trim() && pictures.length === 0)}
      >
        {t('thread.send')}
      </Button>
    </section>
  );
}

'use client';
import { useEffect, useRef, useState } from 'react';
import { safeRedirect, schedulerSrc, type PostSubmit } from '@/lib/site/post-submit';

/** What follows a successful lead: a message, a timed redirect, or the scheduler embed. */
export function LeadOutcome({
  postSubmit,
  values,
  headingLevel,
}: {
  postSubmit: PostSubmit;
  values: Record<string, unknown>;
  headingLevel: 2 | 3;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const redirect = postSubmit.kind === 'redirect' ? safeRedirect(postSubmit.redirectUrl) : null;
  const delay = postSubmit.kind === 'redirect' ? (postSubmit.redirectDelaySeconds ?? 0) : 0;
  const [left, setLeft] = useState(Math.ceil(delay));

  useEffect(() => {
    ref.current?.focus();
  }, []);

  useEffect(() => {
    if (!redirect) return;
    const started = Date.now();
    const go = setTimeout(() => window.location.assign(redirect), delay * 1000);
    const count = setInterval(
      () => setLeft(Math.max(0, Math.ceil(delay - (Date.now() - started) / 1000))),
      250,
    );
    return () => {
      clearTimeout(go);
      clearInterval(count);
    };
  }, [redirect, delay]);

  let body;
  if (postSubmit.kind === 'message') {
    body = (
      <>
        <Heading>{postSubmit.heading ?? 'Thank you'}</Heading>
        <p>{postSubmit.message}</p>
      </>
    );
  } else if (postSubmit.kind === 'redirect') {
    body = (
      <>
        <Heading>Thank you</Heading>
        {redirect ? (
          <p>
            Taking you to the next step{left > 0 ? ` in ${left} s` : ''}…{' '}
            <a href={redirect}>Continue now</a>
          </p>
        ) : (
          <p>We received your submission.</p>
        )}
      </>
    );
  } else {
    const src = schedulerSrc(postSubmit.schedulerUrl, postSubmit.prefillFields, values);
    body = (
      <div className="scheduler">
        <Heading>{postSubmit.heading ?? 'Book a time with us'}</Heading>
        {postSubmit.subheading ? <p>{postSubmit.subheading}</p> : null}
        {src ? (
          <iframe
            src={src}
            title="Scheduling calendar"
            style={{ minHeight: `${postSubmit.minHeight}px` }}
            loading="lazy"
          />
        ) : (
          <p data-testid="scheduler-fallback">
            Our calendar is not available right now. We received your details and will email you to
            find a time, or you can <a href="/contact">contact us</a> directly.
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="outcome" role="status" tabIndex={-1} ref={ref} data-outcome={postSubmit.kind}>
      {body}
    </div>
  );
}

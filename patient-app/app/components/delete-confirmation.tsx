import { Form, Link } from '@remix-run/react';
import { usePageLang } from '../utils/use-lang';
import { userTexts } from '../utils/user-texts';

/** The no-JavaScript confirmation page of a panel delete (with JavaScript, a confirm dialog asks). */
export function DeleteConfirmation(props: {
  title: string;
  question: string;
  action: string;
  back: string;
  confirm?: string;
}) {
  const t = userTexts(usePageLang()).common;
  return (
    <div className="card">
      <h1>{props.title}</h1>
      <p>{props.question}</p>
      <Form method="post" action={props.action} className="btn-row">
        <input type="hidden" name="back" value={props.back} />
        <button type="submit" className="btn btn-danger">
          {props.confirm ?? t.delete}
        </button>
        <Link to={props.back} className="btn">
          {t.cancel}
        </Link>
      </Form>
    </div>
  );
}

import { parseWithZod } from '@conform-to/zod/v4';
import type { AppLoadContext } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import {
  cancelRequest,
  paymentVerifyRequest,
  upgradeRequest,
  type UpgradeResponse,
} from '@reportsaathi/contracts/user';
import { z } from 'zod';
import type { Api } from './api.server';
import { requireUser } from './auth.server';
import { setFlashCookie } from './cookies.server';
import { refusal } from './submit.server';

/**
 * /user/subscription's posts: choose a plan, pay its order (the checkout step), cancel. Each is the
 * API's request schema; the payment form names its order in a field of its own.
 */
const subscriptionPost = z.discriminatedUnion('intent', [
  upgradeRequest.extend({ intent: z.literal('upgrade') }),
  paymentVerifyRequest
    .pick({ gateway: true })
    .extend({ intent: z.literal('pay'), order_id: z.string().default('') }),
  cancelRequest.extend({ intent: z.literal('cancel') }),
]);

export type SubscriptionResult = {
  formError?: string;
  order?: NonNullable<UpgradeResponse['order']>;
  planName?: string;
};

function done(request: Request, message: string) {
  return redirect('/user/subscription', {
    headers: { 'Set-Cookie': setFlashCookie(request, { kind: 'success', message }) },
  });
}

async function send(request: Request, api: Api, post: z.output<typeof subscriptionPost>) {
  switch (post.intent) {
    case 'upgrade': {
      const { intent: _i, ...body } = post;
      const res = await api.subscription.upgrade({ body });
      if (res.status === 'active' || !res.order) return done(request, res.message);
      // A paid plan: the order waits for the gateway's payment (the checkout step below).
      return data<SubscriptionResult>({ order: res.order, planName: res.subscription.plan_name });
    }
    case 'pay': {
      const res = await api.payment.verify({
        body: { gateway: post.gateway, transaction_data: { order_id: post.order_id } },
      });
      return done(request, res.message);
    }
    case 'cancel': {
      const res = await api.subscription.cancel({ body: { reason: post.reason } });
      return done(request, res.message);
    }
  }
}

export async function subscriptionAction(request: Request, context: AppLoadContext | undefined) {
  const { api } = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: subscriptionPost });
  if (submission.status !== 'success') {
    const first = Object.values(submission.error ?? {}).find((m) => m?.[0])?.[0];
    return data<SubscriptionResult>({ formError: first ?? 'Unknown action' }, { status: 400 });
  }
  try {
    return await send(request, api, submission.value);
  } catch (err) {
    const { message, status } = refusal(err, 'Subscription change failed');
    return data<SubscriptionResult>({ formError: message }, { status });
  }
}

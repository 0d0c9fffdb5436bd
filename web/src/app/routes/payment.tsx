import { Info } from 'lucide-react';
import { PaymentForm } from '../../features/payment/components/payment-form.tsx';

/** Spec 02 §2.5 '/payment': the payment-method page, a demonstration that moves no money. */
export const PaymentRoute = () => (
  <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6 lg:py-10">
    <header>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Payment</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">Choose how to pay for your Viral Idea Studio subscription.</p>
    </header>
    <p
      role="note"
      className="flex items-start gap-2 rounded-xl border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <strong>This page is a demonstration.</strong> No money moves: continuing only simulates a payment and takes you to your dashboard.
      </span>
    </p>
    <PaymentForm />
  </div>
);

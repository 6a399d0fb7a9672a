import type { LegalSection } from '../components/legal-document';

/**
 * The Terms of Service sections on money and work (quotes are estimates, payment terms, warranties,
 * limitation of liability), in the page's order; terms-page.tsx places them between contractor
 * independence and dispute resolution.
 */
export function paymentSections(brandName: string): LegalSection[] {
  return [
    {
      id: 'quotes-are-estimates',
      title: 'Quotes are estimates',
      body: (
        <>
          <p>
            A Fair Market Value report is an estimate of what a roof replacement or repair should cost, based
            on the information and measurement files you provide and on local material and labor prices. It is
            not a contract, a bid, an appraisal or an inspection.
          </p>
          <p>
            The final price of a job is set in your agreement with the contractor and may differ from the
            estimate, for example when hidden damage is found once the old roof is removed. Insurance
            decisions remain with your carrier.
          </p>
        </>
      ),
    },
    {
      id: 'payment-terms',
      title: 'Payment terms',
      body: (
        <>
          <p>
            <strong>Reports.</strong> The price of a report is shown before you pay, including any discount
            code you apply, and is charged when you order. Because work on your report starts right away,
            report fees are not refundable once the report is delivered. If a report cannot be delivered, we
            refund you in full.
          </p>
          <p>
            <strong>Installation.</strong> For work arranged through the marketplace:
          </p>
          <ul>
            <li>no payment is due until work begins;</li>
            <li>
              the final payment is due only on satisfactory completion of the work, confirmed at the final
              inspection;
            </li>
            <li>your warranty starts on the date of the final payment.</li>
          </ul>
          <p>
            Payments are processed by our payment provider. Prices are in US dollars and include the taxes
            shown at checkout.
          </p>
        </>
      ),
    },
    {
      id: 'warranties',
      title: 'Warranties',
      body: (
        <>
          <p>
            Installations through the marketplace carry a 10-year labor (workmanship) warranty from the
            contractor, and the manufacturer's material warranty, which lasts up to 50 years depending on the
            product. You receive the warranty paperwork after the final inspection. Warranty terms, exclusions
            and how to make a claim are set out in that paperwork.
          </p>
          <p>
            Apart from those warranties and our satisfaction guarantee, the website, reports and tools are
            provided "as is" and "as available". To the extent the law allows, we disclaim all other
            warranties, express or implied, including merchantability, fitness for a particular purpose and
            non-infringement.
          </p>
        </>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      body: (
        <>
          <p>
            To the extent the law allows, {brandName} is not liable for indirect, incidental, special,
            consequential or punitive damages, or for lost profits, revenue or data, arising from your use of
            the service or from a contractor's work.
          </p>
          <p>
            Our total liability for any claim about the service is limited to the greater of the fees you paid
            us in the 12 months before the claim and 100 US dollars. Some states do not allow these limits, so
            they may not all apply to you.
          </p>
        </>
      ),
    },
  ];
}

import { ratingText, reviewCountText } from '@domain/reviews/rating';
import { Star } from 'lucide-react';

/** "★ 4.3 (12 reviews)" or "No reviews yet": a contractor's computed rating with its count. */
export function RatingLine({
  rating,
  reviewCount,
  className = '',
}: {
  rating: number;
  reviewCount: number;
  className?: string;
}) {
  const text = ratingText({ rating, reviewCount });
  if (text === null) {
    return (
      <span className={`text-sm text-muted-foreground ${className}`} data-testid="contractor-rating">
        {reviewCountText(0)}
      </span>
    );
  }
  return (
    <span className={`inline-flex items-center gap-1 text-sm ${className}`} data-testid="contractor-rating">
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
      <span className="sr-only">Rated</span>
      <span className="font-semibold">{text}</span>
      <span className="sr-only">of 5</span>
      <span className="text-muted-foreground">({reviewCountText(reviewCount)})</span>
    </span>
  );
}

import {
  BALLPARK_STEEPNESS,
  type BallparkFormValues,
  FLOOR_AREA_LIMITS,
  ROOF_AREA_LIMITS,
} from '@domain/estimates/ballpark-form';
import { ROOF_SURFACE_MATERIALS } from '@domain/estimates/types';
import { FieldGroup, FormField } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { cn } from '@web/lib/utils';
import type * as React from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';

/** The /estimate form: ZIP code, roof or floor area, steepness, stories and material. */
export function BallparkFormCard({
  form,
  areaMode,
  onSubmit,
}: {
  form: UseFormReturn<BallparkFormValues>;
  areaMode: BallparkFormValues['areaMode'];
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your roof</CardTitle>
        <CardDescription>No account and no file needed. Nothing you type leaves this page.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Ballpark estimate">
          <FormField
            control={form.control}
            name="zipCode"
            label="ZIP code"
            render={(field) => (
              <Input
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={5}
                placeholder="e.g. 75201"
                className="max-w-40"
                {...field}
              />
            )}
          />
          <Controller
            control={form.control}
            name="areaMode"
            render={({ field }) => (
              <FieldGroup legend="What do you know about the size?" legendClassName="mb-2">
                <div className="grid grid-cols-2 gap-2">
                  {(
                    [
                      ['roof', 'Roof area'],
                      ['floor', 'House floor area'],
                    ] as const
                  ).map(([value, label]) => (
                    <label
                      key={value}
                      className={cn(
                        'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                        field.value === value
                          ? 'border-primary bg-primary/5 text-foreground'
                          : 'border-input bg-card text-muted-foreground hover:bg-secondary',
                      )}
                    >
                      <input
                        type="radio"
                        name={field.name}
                        value={value}
                        checked={field.value === value}
                        onChange={() => field.onChange(value)}
                        onBlur={field.onBlur}
                        className="size-4 accent-primary"
                      />
                      {label}
                    </label>
                  ))}
                </div>
              </FieldGroup>
            )}
          />
          {areaMode === 'roof' ? (
            <FormField
              control={form.control}
              name="roofAreaSqFt"
              label="Approximate roof area (sq ft)"
              description={`From a past roofing bid or report: ${ROOF_AREA_LIMITS.min.toLocaleString('en-US')} to ${ROOF_AREA_LIMITS.max.toLocaleString('en-US')} sq ft. 1 square = 100 sq ft.`}
              render={(field) => (
                <Input inputMode="decimal" placeholder="e.g. 2,200" className="max-w-48" {...field} />
              )}
            />
          ) : (
            <div className="grid items-start gap-5 sm:grid-cols-[minmax(0,1fr)_8rem]">
              <FormField
                control={form.control}
                name="floorAreaSqFt"
                label="House floor area (sq ft)"
                description={`Heated living area, all floors (${FLOOR_AREA_LIMITS.min.toLocaleString('en-US')} to ${FLOOR_AREA_LIMITS.max.toLocaleString('en-US')}).`}
                render={(field) => <Input inputMode="decimal" placeholder="e.g. 2,400" {...field} />}
              />
              <FormField
                control={form.control}
                name="stories"
                label="Stories"
                render={(field) => (
                  <NativeSelect {...field}>
                    <option value="1">1</option>
                    <option value="2">2</option>
                    <option value="3">3</option>
                  </NativeSelect>
                )}
              />
            </div>
          )}
          <FormField
            control={form.control}
            name="steepness"
            label="Roof steepness"
            render={(field) => (
              <NativeSelect {...field}>
                {BALLPARK_STEEPNESS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <FormField
            control={form.control}
            name="roofSurfaceMaterial"
            label="Roof surface material"
            render={(field) => (
              <NativeSelect {...field}>
                {ROOF_SURFACE_MATERIALS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-start">
            Show my estimate
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

import { type SQL, sql } from 'drizzle-orm';
import { insuredUntilText, licensedUntilText } from '../contractors';
import { contractorRatingText, reviewCountText } from '../reviews';

/**
 * A moment as the API writes it: ISO 8601 in UTC with milliseconds, exactly as
 * Date.prototype.toISOString() does (2026-05-14T15:30:00.000Z).
 */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const fileUrl = `'/api/projects/' || p.id || '/files/' || f.id`;
const fileOrder = 'order by f.created_at, f.id';

/** The Project fields after contractorPaymentAmount (see projectListJson), each named. */
const PROJECT_FIELDS = `
  p.contractor_id as "contractorId", p.homeowner_id as "homeownerId", p.quote_id as "quoteId",
  p.roof_area_source as "roofAreaSource", p.roof_layers as "roofLayers", p.storeys,
  p.plywood_needed as "plywoodNeeded", p.ridge_vent as "ridgeVent", p.insurance_carrier as "insuranceCarrier",
  p.insurance_claim_number as "insuranceClaimNumber",
  p.homeowner_name as "homeownerName", p.homeowner_email as "homeownerEmail",
  p.homeowner_phone as "homeownerPhone", coalesce(h.is_verified, false) as "homeownerConfirmed",
  case when q.report_storage_key is null then null else '/api/projects/' || p.id || '/report' end as "reportUrl",
  case when q.sketch_upload_id is null then null else '/api/projects/' || p.id || '/measurement-file' end
    as "measurementFileUrl",
  case when q.sketch_upload_id is null then null else q.sketch_file_name end as "measurementFileName",
  ${iso('p.created_at')} as "createdAt", ${iso('p.updated_at')} as "updatedAt",
  ${iso('p.assigned_at')} as "assignedAt",
  ${iso('p.start_date')} as "startDate", ${iso('p.completion_date')} as "completionDate",
  p.homeowner_contact_completed as "homeownerContactCompleted",
  ${iso('p.homeowner_contact_date')} as "homeownerContactDate",
  p.homeowner_contact_notes as "homeownerContactNotes",
  p.material_selection_completed as "materialSelectionCompleted",
  ${iso('p.material_selection_date')} as "materialSelectionDate",
  p.selected_material as "selectedMaterial",
  p.homeowner_signature_confirmed as "homeownerSignatureConfirmed",
  ${iso('p.homeowner_signature_date')} as "homeownerSignatureDate",
  p.signature_document as "signatureDocument",
  p.permit_status as "permitStatus",
  ${iso('p.permit_application_date')} as "permitApplicationDate",
  ${iso('p.permit_issued_date')} as "permitIssuedDate",
  p.permit_notes as "permitNotes",
  p.material_status as "materialStatus",
  ${iso('p.material_ordered_date')} as "materialOrderedDate",
  ${iso('p.material_delivery_date')} as "materialDeliveryDate",
  ${iso('p.material_delivered_date')} as "materialDeliveredDate",
  p.material_notes as "materialNotes",
  p.crew_scheduled as "crewScheduled",
  ${iso('p.crew_scheduled_date')} as "crewScheduledDate",
  p.crew_scheduled_notes as "crewScheduledNotes",
  p.crew_arrival_start as "crewArrivalStart", p.crew_arrival_end as "crewArrivalEnd",
  p.install_completed as "installCompleted",
  ${iso('p.install_completed_date')} as "installCompletedDate",
  p.install_notes as "installNotes",
  ${iso('p.inspection_submitted_at')} as "inspectionSubmittedAt",
  ${iso('p.work_accepted_at')} as "workAcceptedAt",
  (select count(*)::int from project_punch_items pi where pi.project_id = p.id and pi.status = 'open')
    as "openPunchItems",
  pf.documents, pf.images, pf.install_photos as "installPhotos", pf.files,
  case when h.id is null then null else json_build_object(
    'id', h.id, 'firstName', h.first_name, 'lastName', h.last_name,
    'email', h.email, 'phone', h.phone) end as homeowner,
  case when c.id is null then null else json_build_object(
    'id', c.id, 'userId', c.user_id, 'companyName', c.company_name,
    'contactEmail', c.contact_email, 'contactPhone', c.contact_phone,
    'rating', ${contractorRatingText('c')}, 'reviewCount', ${reviewCountText('c')}, 'totalProjects', c.total_projects,
    'user', json_build_object('firstName', cu.first_name, 'lastName', cu.last_name),
    'licensedUntil', ${licensedUntilText('c')}, 'insuredUntil', ${insuredUntilText('c')}) end as contractor`;

/**
 * The people a project names, its quote (for the report and measurement file links) and its files
 * (signatures are not files of the answer). The profile and the quote are looked up per project
 * by primary key (a lateral with `limit 1` is not flattened): a page of ids would otherwise be
 * hash-joined to the whole quotes and contractor_profiles tables at size (issue 26 item 3).
 */
const PROJECT_JOINS = `
  from projects p
  left join users h on h.id = p.homeowner_id
  left join lateral (select * from contractor_profiles c where c.id = p.contractor_id limit 1) c on true
  left join users cu on cu.id = c.user_id
  left join lateral (select * from quotes q where q.id = p.quote_id limit 1) q on true
  left join lateral (
    select
      coalesce(json_agg(json_build_object(
        'id', f.id, 'kind', f.kind, 'documentType', f.document_type, 'step', f.step, 'caption', f.caption, 'fileName', f.file_name, 'contentType', f.content_type,
        'size', f.size, 'url', ${fileUrl},
        'thumbnailUrl', case when f.thumbnail_key is null then null else ${fileUrl} || '/thumbnail' end,
        'uploadedAt', ${iso('f.created_at')}, 'uploadedBy', f.uploaded_by,
        'capturedAt', case when f.captured_at is null then null else ${iso('f.captured_at')} end
      ) ${fileOrder}), '[]'::json) as files,
      coalesce(json_agg(f.file_name ${fileOrder}) filter (where f.kind = 'document'), '[]'::json) as documents,
      coalesce(json_agg(${fileUrl} ${fileOrder}) filter (where f.kind = 'image'), '[]'::json) as images,
      coalesce(json_agg(${fileUrl} ${fileOrder}) filter (where f.kind = 'install_photo'), '[]'::json) as install_photos
    from project_files f
    where f.project_id = p.id and f.kind <> 'signature'
  ) pf on true`;

/**
 * Projects as the API answers them (the Project of src/domain/projects/schemas.ts), newest first,
 * built by the database as one JSON text: every field named one by one (no private column can
 * slip in), with the homeowner, the contractor and their user, and the files with their links,
 * in one round trip. The text goes to the client as it is: the homeowner's dashboard list is the
 * hot read, and mapping some 60 fields per project in JavaScript, then checking them again on
 * the way out, cost more than the query itself. `hideShare` leaves out the contractor's share
 * (a homeowner is not shown the marketplace's margin on their budget).
 */
export function projectListJson(where: SQL, hideShare: SQL | boolean): SQL {
  return sql`select coalesce(json_agg(v.j order by v.created_at desc, v.number desc), '[]'::json)::text as list
    from (
      select p.created_at, p.number, (
        select row_to_json(x) from (select
          p.id, p.title, p.description, p.address, p.city, p.state, p.zip_code as "zipCode",
          p.roof_area as "roofArea", p.roof_type as "roofType",
          p.material_preference as "materialPreference", p.priority, p.status,
          p.estimated_cost as "estimatedCost", p.final_cost as "finalCost",
          case when ${hideShare} then null else p.contractor_payment_amount end as "contractorPaymentAmount",
          ${sql.raw(PROJECT_FIELDS)}
        ) x
      ) as j
      ${sql.raw(PROJECT_JOINS)}
      where ${where}
    ) v`;
}
